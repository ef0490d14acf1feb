"""Runs several imgcache builds and curl on the same URL list, round after round in random order, and prints the
median wall time and CPU time (user + system) of each: a steadier comparison on a shared machine than one hyperfine
block after another. Each imgcache run gets a fresh cache folder; curl a fresh output folder.

It also says where the machine's cores went during each command's runs (means over all rounds, from the idle
counter in /proc/stat, in 10 ms ticks, so only the mean over many runs means anything): the command's own CPU,
every other process (nginx serving it, the kernel's softirqs, neighbours), and idle. A run with no idle time left
is CPU-bound: it can only get shorter by needing less CPU, not by overlapping its work better.

Usage: interleave.py ROUNDS URLS CURL_CONFIG CURL_OUT WORK IMGCACHE...
(Benchmarks/run interleave calls it with its own nginx, lists and folders.)
CLIENT_CPUS=0 (a taskset list) runs every client, ours and curl, on those cores only; nginx keeps them all. It
shows how each side scales with cores: curl's transfers run on one thread, ours on two.

With two or more builds it also compares each with the first round by round: the median of the per-round
differences, with a 95% bootstrap interval. Medians of separate runs drift with the machine by more than the
effects worth measuring (tens of milliseconds of CPU on 2,000 images); differences within a round share its state.
"""

import os
import random
import shutil
import statistics
import subprocess
import sys
import time


def idle_milliseconds():
    """Idle plus I/O-wait time of all cores since boot (/proc/stat's first line, in ticks of 10 ms)."""
    with open("/proc/stat") as stat:
        fields = stat.readline().split()
    return (int(fields[4]) + int(fields[5])) * 10.0


def timed(command):
    """Wall time, own CPU time and the machine's idle core time during the run, in milliseconds."""
    idle_before = idle_milliseconds()
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    idle = idle_milliseconds() - idle_before
    if status != 0:
        sys.exit(f"failed ({status}): {' '.join(command)}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000, idle


def paired(first, other, rounds):
    """Median of other - first per round, and a 95% bootstrap interval of that median."""
    differences = [b - a for a, b in zip(first, other)]
    generator = random.Random(rounds)
    medians = sorted(
        statistics.median(generator.choice(differences) for _ in differences) for _ in range(2000))
    return statistics.median(differences), medians[50], medians[1949]


def pinned(command):
    """`command` under `taskset -c $CLIENT_CPUS` when that is set."""
    cpus = os.environ.get("CLIENT_CPUS")
    return ["taskset", "-c", cpus, *command] if cpus else command


def main():
    rounds, urls, curl_config, curl_out, work = int(sys.argv[1]), *sys.argv[2:6]
    builds = sys.argv[6:]
    names = [f"{index}: {path}" for index, path in enumerate(builds)] + ["curl --parallel --parallel-max 16"]
    samples = {name: [] for name in names}
    for round_index in range(rounds):
        order = list(range(len(names)))
        random.shuffle(order)
        for index in order:
            if index == len(builds):
                shutil.rmtree(curl_out, ignore_errors=True)
                os.mkdir(curl_out)
                command = ["curl", "--parallel", "--parallel-max", "16", "-s", "-K", curl_config]
                samples[names[index]].append(timed(pinned(command)))
            else:
                cache = os.path.join(work, f"interleave-{round_index}-{index}")
                command = [builds[index], "warm", "--urls", urls, "--cache-dir", cache]
                samples[names[index]].append(timed(pinned(command)))
                shutil.rmtree(cache, ignore_errors=True)
    curl_wall = statistics.median(sample[0] for sample in samples[names[-1]])
    for name in names:
        wall = statistics.median(sample[0] for sample in samples[name])
        cpu = statistics.median(sample[1] for sample in samples[name])
        print(f"{name}: wall median {wall:.1f} ms ({wall / curl_wall:.2f}x curl), CPU median {cpu:.1f} ms, {rounds} rounds")
    cores = os.cpu_count()
    print(f"where the {cores} cores went during each command's runs (means, core-ms):")
    for name in names:
        wall, own, idle = (statistics.fmean(sample[index] for sample in samples[name]) for index in range(3))
        others = max(0.0, cores * wall - own - idle)
        print(f"  {name}: {cores} x {wall:.1f} = {cores * wall:.1f}: own {own:.1f}, others {others:.1f}, idle {idle:.1f}")
    for name in names[1:-1]:
        for label, index in (("wall", 0), ("CPU", 1)):
            first = [sample[index] for sample in samples[names[0]]]
            other = [sample[index] for sample in samples[name]]
            median, low, high = paired(first, other, rounds)
            print(f"{name} - {names[0]}: {label} {median:+.1f} ms per round (95% interval {low:+.1f} to {high:+.1f})")


main()
