"""Runs a command and prints its peak resident set size (ru_maxrss of the child), in MB."""
import resource
import subprocess
import sys

status = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL)
peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"peak RSS {peak_kb / 1024:.1f} MB (exit {status}): {' '.join(sys.argv[1:])}")
sys.exit(status)
