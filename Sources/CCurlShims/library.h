// The table of libcurl functions the wrappers call through; filled by library.c before the library is READY.
#ifndef CCURL_LIBRARY_H
#define CCURL_LIBRARY_H
#include <curl/curl.h>
#include <stdatomic.h>

// Every libcurl function the project calls: name without "curl_", return type, parameter list.
#define CCURL_SYMBOLS                                                                                               \
  CCURL_SYMBOL(global_init, CURLcode, (long))                                                                      \
  CCURL_SYMBOL(easy_init, CURL *, (void))                                                                          \
  CCURL_SYMBOL(easy_cleanup, void, (CURL *))                                                                       \
  CCURL_SYMBOL(easy_strerror, const char *, (CURLcode))                                                            \
  CCURL_SYMBOL(easy_setopt, CURLcode, (CURL *, CURLoption, ...))                                                   \
  CCURL_SYMBOL(easy_getinfo, CURLcode, (CURL *, CURLINFO, ...))                                                    \
  CCURL_SYMBOL(slist_append, struct curl_slist *, (struct curl_slist *, const char *))                             \
  CCURL_SYMBOL(slist_free_all, void, (struct curl_slist *))                                                        \
  CCURL_SYMBOL(multi_init, CURLM *, (void))                                                                        \
  CCURL_SYMBOL(multi_cleanup, CURLMcode, (CURLM *))                                                                \
  CCURL_SYMBOL(multi_setopt, CURLMcode, (CURLM *, CURLMoption, ...))                                               \
  CCURL_SYMBOL(multi_add_handle, CURLMcode, (CURLM *, CURL *))                                                     \
  CCURL_SYMBOL(multi_remove_handle, CURLMcode, (CURLM *, CURL *))                                                  \
  CCURL_SYMBOL(multi_perform, CURLMcode, (CURLM *, int *))                                                         \
  CCURL_SYMBOL(multi_poll, CURLMcode, (CURLM *, struct curl_waitfd *, unsigned int, int, int *))                   \
  CCURL_SYMBOL(multi_wakeup, CURLMcode, (CURLM *))                                                                 \
  CCURL_SYMBOL(multi_info_read, CURLMsg *, (CURLM *, int *))

struct ccurl_api {
#define CCURL_SYMBOL(name, returns, parameters) returns(*name) parameters;
  CCURL_SYMBOLS
#undef CCURL_SYMBOL
};

extern struct ccurl_api ccurl_api;

enum ccurl_library_state { CCURL_NOT_STARTED, CCURL_LOADING, CCURL_READY, CCURL_FAILED };
extern atomic_int ccurl_library_state;

/// Waits for the load; aborts if libcurl could not be loaded (a caller that skipped ccurl_library_wait).
void ccurl_require_library(void);

/// What every wrapper does first: one acquire load once the library is ready.
static inline void ccurl_require(void) {
  if (__builtin_expect(atomic_load_explicit(&ccurl_library_state, memory_order_acquire) == CCURL_READY, 1)) return;
  ccurl_require_library();
}
#endif
