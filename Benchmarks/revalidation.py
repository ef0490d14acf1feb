"""Helpers for the revalidation benchmark (Benchmarks/run warm): a warm of URLs the cache holds, every entry past
its freshness, so each costs a conditional request that the server answers 304; and the same requests for curl.

Usage:
  revalidation.py expire CACHE_DIR          every entry of the cache stale (its expiry in the past)
  revalidation.py curl-config CACHE_DIR URLS OUT
                                            a curl config (-K) fetching URLS, each with If-None-Match: the ETag the
                                            cache's index holds for it; bodies (none, for a 304) to OUT/
"""

import os
import sqlite3
import sys


def expire(cache_dir):
    with sqlite3.connect(os.path.join(cache_dir, "cache.sqlite")) as database:
        database.execute("UPDATE entry SET expires_at = 0")


def curl_config(cache_dir, urls_file, out_dir):
    with sqlite3.connect(os.path.join(cache_dir, "cache.sqlite")) as database:
        etags = dict(database.execute("SELECT key, etag FROM entry"))
    urls = [line.strip() for line in open(urls_file) if line.strip()]
    blocks = []
    for url in urls:
        etag = etags[url].replace("\\", "\\\\").replace('"', '\\"')
        name = url.rsplit("/", 1)[1]
        # `next` starts a new set of per-URL options (a header would otherwise go to every request); `silent` is
        # one of them.
        blocks.append(f'silent\nurl = "{url}"\noutput = "{out_dir}/{name}"\nheader = "If-None-Match: {etag}"\n')
    sys.stdout.write("next\n".join(blocks))


def main():
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "expire":
        expire(*arguments)
    elif command == "curl-config":
        curl_config(*arguments)
    else:
        sys.exit(__doc__)


main()
