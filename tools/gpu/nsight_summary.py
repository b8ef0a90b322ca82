#!/usr/bin/env python3
"""One line per profiled launch of tools/gpu/nsight.sh's profile.txt: the
kernel, its duration, executed (warp) instructions, the share of scheduler
cycles with no eligible warp (low: instruction issue, not memory, sets the
speed), DRAM throughput, achieved occupancy and L2 hit rate.
Usage: python3 tools/gpu/nsight_summary.py profile.txt"""
import re
import sys

METRICS = [("Duration", "us"), ("Executed Instructions", "warp instr"),
           ("No Eligible", "% no eligible"), ("DRAM Throughput", "% DRAM"),
           ("Achieved Occupancy", "% occupancy"), ("L2 Hit Rate", "% L2 hits")]


def main():
    text = open(sys.argv[1]).read()
    parts = re.split(r"\n  (rms_norm_\w+) \(", text)
    if len(parts) < 3:
        sys.exit(f"nsight_summary.py: no profiled rms_norm launch in {sys.argv[1]}")
    print("kernel".ljust(22) + "".join(label.rjust(15) for _, label in METRICS))
    for name, body in zip(parts[1::2], parts[2::2]):
        values = []
        for metric, _ in METRICS:
            found = re.search(re.escape(metric) + r"\s+\S+\s+([\d.,]+)", body)
            values.append(found.group(1) if found else "?")
        print(name.ljust(22) + "".join(v.rjust(15) for v in values))


if __name__ == "__main__":
    main()
