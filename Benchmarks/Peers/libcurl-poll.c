/* The peer of `imgcache now --follow`'s CPU figure: the least a poller written on libcurl does. One easy handle
 * (so one connection, kept alive), the same request every INTERVAL seconds, the answer thrown away.
 * Usage: libcurl-poll URL INTERVAL COUNT */
#include <curl/curl.h>
#include <stdlib.h>
#include <unistd.h>

static size_t discard(char *data, size_t size, size_t count, void *context) {
  (void)data;
  (void)context;
  return size * count;
}

int main(int argc, char **argv) {
  if (argc != 4) return 2;
  unsigned interval = (unsigned)atoi(argv[2]);
  int count = atoi(argv[3]);
  CURL *easy = curl_easy_init();
  if (!easy) return 1;
  curl_easy_setopt(easy, CURLOPT_URL, argv[1]);
  curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, discard);
  for (int poll = 0; poll < count; poll++) {
    curl_easy_perform(easy);
    sleep(interval);
  }
  curl_easy_cleanup(easy);
  return 0;
}
