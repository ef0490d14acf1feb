// Only libcurl's declarations and constants: its functions are called through CCurlShims, which loads libcurl at
// run time.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
#include <curl/curl.h>
#endif
