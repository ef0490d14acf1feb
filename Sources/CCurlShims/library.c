// Loads libcurl with dlopen on a background thread and fills the table the ccurl_* wrappers call through.
#define _GNU_SOURCE  // pthread_setname_np
#include "CCurlShims.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "library.h"

// The soname a link against Debian's libcurl4-openssl-dev records: the same library, found the same way.
static const char *const library_name = "libcurl.so.4";

struct ccurl_api ccurl_api;

atomic_int ccurl_library_state = CCURL_NOT_STARTED;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t settled = PTHREAD_COND_INITIALIZER;
static char failure[512];

static int fail(const char *format, const char *detail) {
  snprintf(failure, sizeof failure, format, detail ? detail : "unknown error");
  return -1;
}

static void join_before_exit(void);

static int resolve(void) {
  // IMGCACHE_LIBCURL names another build (a path); the tests also use it to check the failure path.
  const char *path = getenv("IMGCACHE_LIBCURL");
  void *library = dlopen(path && *path ? path : library_name, RTLD_NOW | RTLD_LOCAL);
  if (!library)
    return fail("cannot load libcurl (%s); install it (apt-get install libcurl4) or fix IMGCACHE_LIBCURL", dlerror());
  struct {
    const char *name;
    void **slot;
  } symbols[] = {
#define CCURL_SYMBOL(name, returns, parameters) {"curl_" #name, (void **)&ccurl_api.name},
      CCURL_SYMBOLS
#undef CCURL_SYMBOL
  };
  for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
    *symbols[i].slot = dlsym(library, symbols[i].name);
    if (!*symbols[i].slot) return fail("libcurl lacks %s; libcurl 7.85 or newer is needed", symbols[i].name);
  }
  // CURLOPT_PROTOCOLS_STR and CURLOPT_REDIR_PROTOCOLS_STR (the http/https-only rule, also for redirects) came in
  // 7.85; an older libcurl would refuse them and follow a redirect to any scheme it supports.
  curl_version_info_data *(*version_info)(CURLversion) = dlsym(library, "curl_version_info");
  if (!version_info) return fail("libcurl lacks %s; libcurl 7.85 or newer is needed", "curl_version_info");
  const curl_version_info_data *version = version_info(CURLVERSION_NOW);
  if (version->version_num < 0x075500)
    return fail("libcurl %s is too old; libcurl 7.85 or newer is needed", version->version);
  CURLcode code = ccurl_api.global_init(CURL_GLOBAL_ALL);
  if (code != CURLE_OK) return fail("curl_global_init failed: %s", ccurl_api.easy_strerror(code));
  // Registered after curl_global_init, whose OpenSSL registered OPENSSL_cleanup: exit() runs handlers last-in
  // first-out, so the transfer threads are stopped and joined before OpenSSL's clean-up starts.
  atexit(join_before_exit);
  return 0;
}

// What a thread runs: ccurl_thread_start's request, for a new thread or for the loading one.
struct thread_start {
  char name[16];
  void (*body)(void *);
  void *context;
};

static void run(struct thread_start start) {
  pthread_setname_np(pthread_self(), start.name);
  start.body(start.context);
}

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

// The loading thread, once done, waits to become the first thread ccurl_thread_start asks for (`adopted.body` set),
// or until ccurl_threads_join lets it go (`loader_released`).
static int loader_waits_for_work;
static int loader_released;
static struct thread_start adopted;
static pthread_cond_t adoption = PTHREAD_COND_INITIALIZER;

static void settle_load(void) {
  int outcome = resolve() == 0 ? CCURL_READY : CCURL_FAILED;
  pthread_mutex_lock(&lock);
  atomic_store_explicit(&ccurl_library_state, outcome, memory_order_release);
  pthread_cond_broadcast(&settled);
  pthread_mutex_unlock(&lock);
}

static void *load(void *unused) {
  (void)unused;
  settle_load();
  pthread_mutex_lock(&lock);
  while (!adopted.body && !loader_released) pthread_cond_wait(&adoption, &lock);
  struct thread_start start = adopted;
  loader_waits_for_work = 0;
  pthread_mutex_unlock(&lock);
  if (start.body) run(start);
  mark_finished();
  return NULL;
}

void ccurl_library_preload(void) {
  pthread_mutex_lock(&lock);
  if (atomic_load_explicit(&ccurl_library_state, memory_order_relaxed) == CCURL_NOT_STARTED) {
    atomic_store_explicit(&ccurl_library_state, CCURL_LOADING, memory_order_relaxed);
    if (start_listed(load, NULL) == 0) {
      loader_waits_for_work = 1;
    } else {  // no thread to spare: load here instead
      pthread_mutex_unlock(&lock);
      settle_load();
      pthread_mutex_lock(&lock);
    }
  }
  pthread_mutex_unlock(&lock);
}

static int wait_until_settled(void) {
  pthread_mutex_lock(&lock);
  while (atomic_load_explicit(&ccurl_library_state, memory_order_acquire) == CCURL_LOADING)
    pthread_cond_wait(&settled, &lock);
  int outcome = atomic_load_explicit(&ccurl_library_state, memory_order_acquire);
  pthread_mutex_unlock(&lock);
  return outcome;
}

int ccurl_library_wait(void) {
  int current = atomic_load_explicit(&ccurl_library_state, memory_order_acquire);
  if (current == CCURL_READY) return 0;
  if (current == CCURL_NOT_STARTED) ccurl_library_preload();
  return wait_until_settled() == CCURL_READY ? 0 : -1;
}

const char *ccurl_library_error(void) {
  return atomic_load_explicit(&ccurl_library_state, memory_order_acquire) == CCURL_FAILED ? failure : NULL;
}

void ccurl_library_settle(void) {
  if (atomic_load_explicit(&ccurl_library_state, memory_order_acquire) != CCURL_NOT_STARTED) wait_until_settled();
}

void ccurl_require_library(void) {
  if (ccurl_library_wait() == 0) return;
  fprintf(stderr, "libcurl is not usable: %s\n", failure);
  abort();
}

static void *run_thread(void *argument) {
  struct thread_start start = *(struct thread_start *)argument;
  free(argument);
  run(start);
  mark_finished();
  return NULL;
}

int ccurl_thread_start(const char *name, void (*body)(void *), void *context) {
  struct thread_start start = {.body = body, .context = context};
  snprintf(start.name, sizeof start.name, "%s", name);
  pthread_mutex_lock(&lock);
  reap_finished();
  if (loader_waits_for_work) {
    loader_waits_for_work = 0;
    adopted = start;
    pthread_cond_broadcast(&adoption);
    pthread_mutex_unlock(&lock);
    return 0;
  }
  struct thread_start *copy = malloc(sizeof *copy);
  int error = ENOMEM;
  if (copy) {
    *copy = start;
    error = start_listed(run_thread, copy);
    if (error) free(copy);
  }
  pthread_mutex_unlock(&lock);
  return error;
}

int ccurl_threads_join(double seconds) {
  pthread_mutex_lock(&lock);
  loader_released = 1;
  pthread_cond_broadcast(&adoption);
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

// Registered by resolve() once curl_global_init has succeeded: every process that loaded libcurl runs it at exit.
static void join_before_exit(void) {
  pthread_mutex_lock(&lock);
  void (*hook)(void) = stop_threads;
  pthread_mutex_unlock(&lock);
  if (hook) hook();
  ccurl_threads_join(2);
}
