"""Helpers for the revalidation benchmark (Benchmarks/run warm): a warm of URLs the cache holds, every entry past
its freshness, so each costs a conditional request that the server answers 304; and the same requests for curl.

Usage:
  revalidation.py expire CACHE_DIR          every entry of the cache stale (its expiry in the past)
  revalidation.py curl-config CACHE_DIR URLS OUT
                                            a curl config (-K) fetching URLS, each with If-None-Match: the ETag the
                                            cache's index holds for it; bodies (none, for a 304) to OUT/
  revalidation.py paired ROUNDS URLS WORK IMGCACHE...
                                            each build warms its own cache of URLS once, then, round after round in
                                            random order, warms it again with every entry stale: medians of wall and
                                            CPU time, and of each build's per-round difference from the first
"""

import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time


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


def timed_warm(build, urls, cache):
    """Wall and CPU milliseconds of one `warm`, which must have revalidated every URL."""
    start = time.perf_counter()
    process = subprocess.Popen([build, "warm", "--urls", urls, "--cache-dir", cache, "--json"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    total = sum(1 for line in open(urls) if line.strip())
    if status != 0 or f'"revalidated":{total}' not in output.decode().replace(" ", ""):
        sys.exit(f"{build}: not every URL was revalidated: {output[:300]}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def paired(rounds, urls, work, *builds):
    caches = {}
    for index, build in enumerate(builds):
        caches[build] = os.path.join(work, f"revalidation-{index}")
        shutil.rmtree(caches[build], ignore_errors=True)
        subprocess.run([build, "warm", "--urls", urls, "--cache-dir", caches[build]], stdout=subprocess.DEVNULL,
                       check=True)
    samples = {build: [] for build in builds}
    for _ in range(int(rounds)):
        for build in random.sample(builds, len(builds)):
            expire(caches[build])
            samples[build].append(timed_warm(build, urls, caches[build]))
    first = builds[0]
    for build in builds:
        wall, cpu = (statistics.median(sample[index] for sample in samples[build]) for index in range(2))
        print(f"{build}: wall median {wall:.1f} ms, CPU median {cpu:.1f} ms, {rounds} rounds")
        if build != first:
            for label, index in (("wall", 0), ("CPU", 1)):
                difference = statistics.median(b[index] - a[index] for a, b in zip(samples[first], samples[build]))
                print(f"  - {first}: {label} {difference:+.1f} ms per round")
    for cache in caches.values():
        shutil.rmtree(cache, ignore_errors=True)


def main():
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "expire":
        expire(*arguments)
    elif command == "curl-config":
        curl_config(*arguments)
    elif command == "paired":
        paired(*arguments)
    else:
        sys.exit(__doc__)


main()
