// libcurl, loaded at run time on a background thread, behind typed ccurl_* wrappers.
//
// Why not link it: libcurl 7.88 (Debian 12) pulls in 33 shared libraries (LDAP, SASL, Kerberos, GnuTLS for RTMP,
// libssh2, ...). Loading them at exec took 6 of the 20 ms of an empty `imgcache warm`, before main even started.
// Loaded with dlopen on a thread of its own, that time overlaps with argument parsing and opening the cache.
//
// Contract: call ccurl_library_preload() early (it returns at once), and ccurl_library_wait() before any other
// ccurl_* call. A wrapper called before the library is ready waits for it; if loading failed it aborts, because
// that is a caller that skipped ccurl_library_wait().
#ifndef CCURL_SHIMS_H
#define CCURL_SHIMS_H
#include <curl/curl.h>

/// Starts loading libcurl (and calling curl_global_init) on a background thread, once per process. Returns at once.
void ccurl_library_preload(void);
/// Waits for the load (starting it if nobody did): 0 when libcurl is ready, -1 when it could not be loaded.
int ccurl_library_wait(void);
/// Why the load failed (dlopen's or curl_global_init's message), or NULL while it has not failed.
const char *ccurl_library_error(void);
/// Waits for a load in progress, if one was started, so that the process never exits in the middle of it (libraries
/// half initialised while exit() runs their clean-up). Returns at once if no load was started.
void ccurl_library_settle(void);
/// Runs body(context) on a thread named `name` (at most 15 characters). The first call gets the thread that loaded
/// libcurl, once the load is done: a new thread would wait in pthread_create until the load ends anyway (glibc
/// holds its TLS lock through dlopen). Later calls get a new thread. Returns 0, or the errno of pthread_create.
int ccurl_thread_start(const char *name, void (*body)(void *), void *context);
/// Once every body run by ccurl_thread_start has been told to return: waits until those threads have ended, each
/// completely (its thread-local clean-up included), for at most `seconds` in all. An idle loading thread is let go
/// first. Returns how many were still running at the deadline (detached: the process exits without them). Threads
/// started later are listed anew.
int ccurl_threads_join(double seconds);
/// What tells every thread started by ccurl_thread_start to return. exit() calls it, then ccurl_threads_join(2),
/// from a handler registered after curl_global_init, so before OpenSSL's own: a thread that used libcurl ending
/// while OPENSSL_cleanup runs corrupted the heap.
void ccurl_set_stop_hook(void (*hook)(void));

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);

// Typed forms of the variadic curl_easy_setopt / curl_easy_getinfo / curl_multi_setopt, which Swift cannot call.
CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode ccurl_easy_setopt_write_function(CURL *handle, size_t (*function)(char *, size_t, size_t, void *));
CURLcode ccurl_easy_setopt_header_function(CURL *handle, size_t (*function)(char *, size_t, size_t, void *));
CURLcode ccurl_easy_setopt_xferinfo_function(CURL *handle,
                                             int (*function)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t));
CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value);
CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value);

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string);
void ccurl_slist_free_all(struct curl_slist *list);

CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_cleanup(CURLM *multi);
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
CURLMcode ccurl_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int extra_count, int timeout_ms,
                           int *ready);
CURLMcode ccurl_multi_wakeup(CURLM *multi);
CURLMsg *ccurl_multi_info_read(CURLM *multi, int *remaining);

// Macros and unions Swift imports awkwardly.
static inline long ccurl_pipe_multiplex(void) { return CURLPIPE_MULTIPLEX; }
static inline size_t ccurl_error_size(void) { return CURL_ERROR_SIZE; }
static inline int ccurl_msg_is_done(const CURLMsg *message) { return message->msg == CURLMSG_DONE; }
static inline CURLcode ccurl_msg_result(const CURLMsg *message) { return message->data.result; }
#endif
