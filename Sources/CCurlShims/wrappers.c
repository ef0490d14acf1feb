// The ccurl_* wrappers: each makes sure the library is loaded (one atomic read once it is), then calls through.
#include "CCurlShims.h"
#include "library.h"

#define CALL(name, ...) (ccurl_require(), ccurl_api.name(__VA_ARGS__))

CURL *ccurl_easy_init(void) { return (ccurl_require(), ccurl_api.easy_init()); }
void ccurl_easy_cleanup(CURL *handle) { CALL(easy_cleanup, handle); }
const char *ccurl_easy_strerror(CURLcode code) { return CALL(easy_strerror, code); }

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return CALL(easy_setopt, handle, option, value);
}
CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
  return CALL(easy_setopt, handle, option, value);
}
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return CALL(easy_setopt, handle, option, value);
}
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return CALL(easy_setopt, handle, option, value);
}
CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
  return CALL(easy_setopt, handle, option, value);
}
CURLcode ccurl_easy_setopt_write_function(CURL *handle, size_t (*function)(char *, size_t, size_t, void *)) {
  return CALL(easy_setopt, handle, CURLOPT_WRITEFUNCTION, function);
}
CURLcode ccurl_easy_setopt_header_function(CURL *handle, size_t (*function)(char *, size_t, size_t, void *)) {
  return CALL(easy_setopt, handle, CURLOPT_HEADERFUNCTION, function);
}
CURLcode ccurl_easy_setopt_xferinfo_function(CURL *handle,
                                             int (*function)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) {
  return CALL(easy_setopt, handle, CURLOPT_XFERINFOFUNCTION, function);
}

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return CALL(easy_getinfo, handle, info, value);
}
CURLcode ccurl_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
  return CALL(easy_getinfo, handle, info, value);
}
CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
  return CALL(easy_getinfo, handle, info, value);
}
CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
  return CALL(easy_getinfo, handle, info, value);
}

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string) {
  return CALL(slist_append, list, string);
}
void ccurl_slist_free_all(struct curl_slist *list) { CALL(slist_free_all, list); }

CURLM *ccurl_multi_init(void) { return (ccurl_require(), ccurl_api.multi_init()); }
CURLMcode ccurl_multi_cleanup(CURLM *multi) { return CALL(multi_cleanup, multi); }
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return CALL(multi_setopt, multi, option, value);
}
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle) { return CALL(multi_add_handle, multi, handle); }
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle) { return CALL(multi_remove_handle, multi, handle); }
CURLMcode ccurl_multi_perform(CURLM *multi, int *running) { return CALL(multi_perform, multi, running); }
CURLMcode ccurl_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int extra_count, int timeout_ms,
                           int *ready_count) {
  return CALL(multi_poll, multi, extra, extra_count, timeout_ms, ready_count);
}
CURLMcode ccurl_multi_wakeup(CURLM *multi) { return CALL(multi_wakeup, multi); }
CURLMsg *ccurl_multi_info_read(CURLM *multi, int *remaining) { return CALL(multi_info_read, multi, remaining); }
