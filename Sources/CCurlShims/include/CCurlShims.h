// What Swift cannot call on libcurl directly (the variadic setopt/getinfo, a few macros), and the transfer threads'
// bookkeeping that lets exit() wait for them.
#ifndef CCURL_SHIMS_H
#define CCURL_SHIMS_H
#include <curl/curl.h>

/// curl_global_init(CURL_GLOBAL_ALL), once per process, whichever thread asks first; returns its result every time.
/// On success it also registers the exit handler that stops and joins the transfer threads (ccurl_set_stop_hook):
/// registered after OpenSSL's own, it runs before it, since a thread that used libcurl ending while
/// OPENSSL_cleanup runs corrupted the heap.
CURLcode ccurl_global_init(void);
/// Runs body(context) on a new joinable thread named `name` (at most 15 characters), listed so that
/// ccurl_threads_join can wait for it. Returns 0, or the errno of pthread_create.
int ccurl_thread_start(const char *name, void (*body)(void *), void *context);
/// Once every body run by ccurl_thread_start has been told to return: waits until those threads have ended, each
/// completely (its thread-local clean-up included), for at most `seconds` in all. Returns how many were still
/// running at the deadline (detached: the process exits without them). Threads started later are listed anew.
int ccurl_threads_join(double seconds);
/// What tells every thread started by ccurl_thread_start to return. exit() calls it, then ccurl_threads_join(2).
void ccurl_set_stop_hook(void (*hook)(void));

// Typed forms of the variadic curl_easy_setopt / curl_easy_getinfo / curl_multi_setopt, which Swift cannot call.
static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_easy_setopt_write_function(CURL *handle,
                                                        size_t (*function)(char *, size_t, size_t, void *)) {
  return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}
static inline CURLcode ccurl_easy_setopt_header_function(CURL *handle,
                                                         size_t (*function)(char *, size_t, size_t, void *)) {
  return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, function);
}
static inline CURLcode ccurl_easy_setopt_xferinfo_function(
    CURL *handle, int (*function)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function);
}
static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode ccurl_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
  return curl_easy_getinfo(handle, info, value);
}
static inline CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

// Macros and unions Swift imports awkwardly.
static inline const curl_version_info_data *ccurl_version_info(void) { return curl_version_info(CURLVERSION_NOW); }
static inline long ccurl_pipe_multiplex(void) { return CURLPIPE_MULTIPLEX; }
static inline size_t ccurl_error_size(void) { return CURL_ERROR_SIZE; }
static inline int ccurl_msg_is_done(const CURLMsg *message) { return message->msg == CURLMSG_DONE; }
static inline CURLcode ccurl_msg_result(const CURLMsg *message) { return message->data.result; }
#endif
