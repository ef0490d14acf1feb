"""python-diskcache doing what `imgcache-bench disk` does: hits and sets of the same ~70 KB PNG bytes.

Same method as the Swift side: median over batches of the per-operation time.
"""
import statistics
import sys
import time

import diskcache


def measure(name, batches, operations, body):
    body()
    samples = []
    for _ in range(batches):
        start = time.perf_counter_ns()
        for _ in range(operations):
            body()
        samples.append((time.perf_counter_ns() - start) / operations)
    samples.sort()
    median = samples[len(samples) // 2]
    print(f"{name}: median {median / 1000:.2f} µs per op (min {samples[0] / 1000:.2f} µs, "
          f"max {samples[-1] / 1000:.2f} µs, {batches} batches)")
    return median


def main():
    directory, png_path = sys.argv[1], sys.argv[2]
    data = open(png_path, "rb").read()
    # diskcache's default policy evicts the least recently *stored* entry and writes nothing on a hit; ours is LRU
    # by access (kept across restarts), which diskcache offers as 'least-recently-used': an UPDATE on every get.
    run(directory + "/default", data, "least-recently-stored", "")
    run(directory + "/lru", data, "least-recently-used", ", LRU")


def run(directory, data, policy, label):
    cache = diskcache.Cache(directory, size_limit=1 << 30, eviction_policy=policy)
    for index in range(200):
        cache.set(f"https://example.test/{index}.png", data)
    state = {"i": 0, "n": 1000}

    def hit():
        value = cache.get(f"https://example.test/{state['i'] % 200}.png")
        assert value is not None
        state["i"] += 1

    def put():
        cache.set(f"https://example.test/new-{state['n']}.png", data)
        state["n"] += 1

    measure(f"python-diskcache{label} hit ({len(data) // 1024} KB entry)", 21, 200, hit)
    measure(f"python-diskcache{label} set ({len(data) // 1024} KB entry)", 11, 100, put)
    cache.close()


if __name__ == "__main__":
    main()
