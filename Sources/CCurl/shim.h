// Typed wrappers for libcurl's variadic setopt/getinfo calls, which Swift cannot call directly.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
#include <curl/curl.h>

static inline CURLcode ccurl_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_easy_setopt_write_function(CURL *h, size_t (*f)(char *, size_t, size_t, void *)) { return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, f); }
static inline CURLcode ccurl_easy_setopt_header_function(CURL *h, size_t (*f)(char *, size_t, size_t, void *)) { return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, f); }
static inline CURLcode ccurl_easy_setopt_xferinfo_function(CURL *h, int (*f)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f); }

static inline CURLcode ccurl_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ccurl_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ccurl_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ccurl_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }

static inline CURLMcode ccurl_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }

// Loading helpers: macros and unions Swift imports awkwardly.
static inline CURLcode ccurl_global_init_all(void) { return curl_global_init(CURL_GLOBAL_ALL); }
static inline long ccurl_pipe_multiplex(void) { return CURLPIPE_MULTIPLEX; }
static inline size_t ccurl_error_size(void) { return CURL_ERROR_SIZE; }
static inline int ccurl_msg_is_done(const CURLMsg *m) { return m->msg == CURLMSG_DONE; }
static inline CURLcode ccurl_msg_result(const CURLMsg *m) { return m->data.result; }
#endif
