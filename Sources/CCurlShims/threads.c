// The transfer threads, listed so that exit() can stop and join them before OpenSSL's clean-up runs, and the one
// curl_global_init of the process, which registers that exit handler.
#define _GNU_SOURCE  // pthread_setname_np, pthread_timedjoin_np
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "CCurlShims.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void join_before_exit(void);

static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static CURLcode global_result;

static void global_init(void) {
  global_result = curl_global_init(CURL_GLOBAL_ALL);
  // Registered after curl_global_init, whose OpenSSL registered OPENSSL_cleanup: exit() runs handlers last-in
  // first-out, so the transfer threads are stopped and joined before OpenSSL's clean-up starts.
  if (global_result == CURLE_OK) atexit(join_before_exit);
}

CURLcode ccurl_global_init(void) {
  pthread_once(&global_once, global_init);
  return global_result;
}

// What a thread runs: ccurl_thread_start's request.
struct thread_start {
  char name[16];
  void (*body)(void *);
  void *context;
};

// Every thread this file starts is joinable and listed here until it is joined, so that a process can wait before
// it exits until no thread that used libcurl is still ending (ccurl_threads_join). A thread's end runs OpenSSL's
// per-thread clean-up; exit() runs OPENSSL_cleanup (an atexit handler); the two at once corrupted the heap.
struct listed_thread {
  pthread_t thread;
  int finished;  // its body has returned: joining it only waits for the thread's own teardown
};
static struct listed_thread *listed;
static size_t listed_count, listed_capacity;

// Starts a joinable thread and lists it. Call with `lock` held, so the thread cannot mark itself finished before
// it is listed.
static int start_listed(void *(*entry)(void *), void *argument) {
  if (listed_count == listed_capacity) {
    size_t capacity = listed_capacity ? 2 * listed_capacity : 8;
    struct listed_thread *grown = realloc(listed, capacity * sizeof *grown);
    if (!grown) return ENOMEM;
    listed = grown;
    listed_capacity = capacity;
  }
  pthread_t thread;
  int error = pthread_create(&thread, NULL, entry, argument);
  if (error) return error;
  listed[listed_count++] = (struct listed_thread){.thread = thread, .finished = 0};
  return 0;
}

// The last thing a listed thread does.
static void mark_finished(void) {
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < listed_count; i++)
    if (pthread_equal(listed[i].thread, pthread_self())) listed[i].finished = 1;
  pthread_mutex_unlock(&lock);
}

// Joins the threads whose bodies have returned, so a long-lived process that creates and drops many transfer loops
// does not keep their stacks. Call with `lock` held.
static void reap_finished(void) {
  size_t kept = 0;
  for (size_t i = 0; i < listed_count; i++) {
    if (listed[i].finished)
      pthread_join(listed[i].thread, NULL);
    else
      listed[kept++] = listed[i];
  }
  listed_count = kept;
}

static void *run_thread(void *argument) {
  struct thread_start start = *(struct thread_start *)argument;
  free(argument);
  pthread_setname_np(pthread_self(), start.name);
  start.body(start.context);
  mark_finished();
  return NULL;
}

int ccurl_thread_start(const char *name, void (*body)(void *), void *context) {
  struct thread_start *start = malloc(sizeof *start);
  if (!start) return ENOMEM;
  *start = (struct thread_start){.body = body, .context = context};
  snprintf(start->name, sizeof start->name, "%s", name);
  pthread_mutex_lock(&lock);
  reap_finished();
  int error = start_listed(run_thread, start);
  pthread_mutex_unlock(&lock);
  if (error) free(start);
  return error;
}

int ccurl_threads_join(double seconds) {
  pthread_mutex_lock(&lock);
  struct listed_thread *joining = listed;
  size_t count = listed_count;
  listed = NULL;
  listed_count = listed_capacity = 0;
  pthread_mutex_unlock(&lock);

  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);  // what pthread_timedjoin_np measures against
  long nanoseconds = deadline.tv_nsec + (long)(seconds * 1e9);
  deadline.tv_sec += nanoseconds / 1000000000L;
  deadline.tv_nsec = nanoseconds % 1000000000L;
  int stuck = 0;
  for (size_t i = 0; i < count; i++) {
    if (pthread_equal(joining[i].thread, pthread_self())) {
      pthread_detach(joining[i].thread);
    } else if (pthread_timedjoin_np(joining[i].thread, NULL, &deadline) != 0) {
      pthread_detach(joining[i].thread);  // still busy (a DNS lookup libcurl waits for, say): exit without it
      stuck++;
    }
  }
  free(joining);
  return stuck;
}

static void (*stop_threads)(void);

void ccurl_set_stop_hook(void (*hook)(void)) {
  pthread_mutex_lock(&lock);
  stop_threads = hook;
  pthread_mutex_unlock(&lock);
}

// Registered by global_init once curl_global_init has succeeded: every process that initialised libcurl runs it at
// exit.
static void join_before_exit(void) {
  pthread_mutex_lock(&lock);
  void (*hook)(void) = stop_threads;
  pthread_mutex_unlock(&lock);
  if (hook) hook();
  ccurl_threads_join(2);
}
