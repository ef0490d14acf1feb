"""Splits the wall time of `imgcache warm` and of `curl --parallel --parallel-max 16` into phases, from the kernel's
own tracepoints (perf), so that a gap between the two can be placed: before the first request, during the
transfers, or after the process has called exit.

For each run, round after round in random order as in interleave.py:
  fork -> exec                  the shell starting the command
  exec -> first connect         start-up: loading, parsing, opening the cache, until the first TCP connect
  first connect -> exit_group   the transfers, storing, and whatever the process does before it exits
  exit_group -> reaped          the kernel tearing the process down, until the parent's wait4 returns

Tracepoints cost a few microseconds each and there are about ten per run, so the phases are close to what an
untraced run spends. Needs root (or perf_event_paranoid <= -1) and perf (Debian's linux-perf).

Usage: phases.py ROUNDS URLS CURL_CONFIG CURL_OUT WORK IMGCACHE
(Benchmarks/run phases calls it with its own nginx, lists and folders.)
"""

import os
import random
import re
import shlex
import statistics
import subprocess
import sys

EVENTS = [
    "sched:sched_process_fork",
    "sched:sched_process_exec",
    "syscalls:sys_enter_connect",
    "syscalls:sys_enter_exit_group",
    "syscalls:sys_exit_wait4",
]
PHASES = [
    ("fork -> exec", "fork", "exec"),
    ("exec -> first connect", "exec", "connect"),
    ("first connect -> exit_group", "connect", "exit"),
    ("exit_group -> reaped", "exit", "reaped"),
    ("total", "fork", "reaped"),
]
LINE = re.compile(r"\s*(\S+)\s+(\d+)/(\d+)\s+([\d.]+):\s+(\S+):(.*)")


def loop_script(rounds, urls, curl_config, curl_out, work, imgcache):
    """A bash script that runs both commands once a round, in random order, each after a fresh output folder."""
    cache = os.path.join(work, "phases-cache")
    ours = f"rm -rf {shlex.quote(cache)}; {shlex.quote(imgcache)} warm --urls {shlex.quote(urls)} " \
        f"--cache-dir {shlex.quote(cache)} >/dev/null 2>&1"
    theirs = f"rm -rf {shlex.quote(curl_out)}; mkdir -p {shlex.quote(curl_out)}; " \
        f"curl --parallel --parallel-max 16 -s -K {shlex.quote(curl_config)} >/dev/null 2>&1"
    lines = ["#!/bin/bash"]
    for _ in range(rounds):
        pair = [ours, theirs]
        random.shuffle(pair)
        lines.extend(pair)
    lines.append(f"rm -rf {shlex.quote(cache)}")
    return "\n".join(lines) + "\n"


def phases_of(perf_script_output, names):
    """The phase boundaries of every run of a command in `names`, keyed by pid."""
    forks, runs = {}, {}
    for line in perf_script_output.splitlines():
        match = LINE.match(line)
        if not match:
            continue
        comm, pid, _, time, event, rest = match.groups()
        pid, time = int(pid), float(time) * 1000
        if event.endswith("sched_process_fork"):
            child = re.search(r"child_pid=(\d+)", rest)
            if child:
                forks[int(child.group(1))] = time
        elif event.endswith("sched_process_exec") and comm in names:
            runs[pid] = {"name": comm, "fork": forks.get(pid), "exec": time}
        elif pid in runs and event.endswith("sys_enter_connect") and "addrlen: 0x00000010" in rest:
            runs[pid].setdefault("connect", time)  # the first AF_INET connect
        elif pid in runs and event.endswith("sys_enter_exit_group"):
            runs[pid].setdefault("exit", time)
        elif event.endswith("sys_exit_wait4"):
            child = re.search(r"0x([0-9a-f]+)", rest)
            if child and int(child.group(1), 16) in runs:
                runs[int(child.group(1), 16)]["reaped"] = time
    return [run for run in runs.values() if all(run.get(key) for key in ("fork", "connect", "exit", "reaped"))]


def main():
    rounds, urls, curl_config, curl_out, work, imgcache = int(sys.argv[1]), *sys.argv[2:7]
    script = os.path.join(work, "phases-loop.sh")
    with open(script, "w") as file:
        file.write(loop_script(rounds, urls, curl_config, curl_out, work, imgcache))
    data = os.path.join(work, "phases.data")
    record = ["perf", "record", "-q", "-o", data]
    for event in EVENTS:
        record += ["-e", event]
    subprocess.run(record + ["bash", script], check=True)
    output = subprocess.run(["perf", "script", "-i", data, "-F", "comm,pid,tid,time,event,trace"],
                            check=True, capture_output=True, text=True).stdout
    ours_name = os.path.basename(imgcache)[:15]  # the kernel keeps 15 characters of a command's name
    runs = phases_of(output, {ours_name, "curl"})
    medians = {}
    for label, name in (("imgcache warm", ours_name), ("curl", "curl")):
        mine = [run for run in runs if run["name"] == name]
        medians[label] = [statistics.median(run[end] - run[start] for run in mine) for _, start, end in PHASES]
        print(f"{label}: {len(mine)} runs")
    print(f"{'phase (medians, ms)':30s} {'imgcache':>9s} {'curl':>9s} {'difference':>11s}")
    for index, (phase, _, _) in enumerate(PHASES):
        ours, theirs = medians["imgcache warm"][index], medians["curl"][index]
        print(f"{phase:30s} {ours:9.2f} {theirs:9.2f} {ours - theirs:+11.2f}")


main()
