#!/usr/bin/env python3
"""The resize peer: Pillow's area-averaging (BOX) resize of the same 300x300 RGBA pixels to 64x64, in process.

Usage: pil_resize_peer.py RAW_RGBA_FILE   (300x300, 4 bytes a pixel, as `imgcache-bench resize FILE` writes it)
Prints one line in the format of imgcache-bench's figures: median of 21 batches of 50 resizes.
"""
import statistics
import sys
import time

try:
    from PIL import Image
except ImportError:
    print("Pillow resize: skipped, python3 cannot import PIL (apt-get install python3-pil)")
    sys.exit(0)

with open(sys.argv[1], "rb") as f:
    image = Image.frombytes("RGBA", (300, 300), f.read())
image.resize((64, 64), Image.Resampling.BOX)  # warm-up
samples = []
for _ in range(21):
    start = time.perf_counter_ns()
    for _ in range(50):
        image.resize((64, 64), Image.Resampling.BOX)
    samples.append((time.perf_counter_ns() - start) / 50)
median = statistics.median(samples)
print(
    f"Pillow {Image.__version__} resize 300x300 -> 64x64 (BOX, RGBA): median {median / 1000:.2f} µs per op "
    f"(min {min(samples) / 1000:.2f} µs, max {max(samples) / 1000:.2f} µs, {len(samples)} batches)"
)
