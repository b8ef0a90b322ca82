#!/usr/bin/env python3
"""One line per profiled launch of tools/gpu/nsight.sh's profile.txt: the
kernel, its grid and block (the grid gives the rows), duration in
microseconds, executed (warp) instructions, the share of scheduler cycles
with no eligible warp (low: instruction issue, not memory, sets the speed),
DRAM throughput, achieved occupancy, L2 hit rate, and how busy three
instruction pipes were (% of their peak while the processor was active:
ALU for integer, select and logic work, FMA-heavy for f32 multiplies and
f16 conversions, LSU for memory instructions; a pipe near its peak limits
an issue-bound kernel even when the issue slots are not all used); "?" where
the report lacks a metric. Given cuobjdump listings too (nsight.sh's sass-*.txt), each
one's static SASS instruction count and its ten most frequent opcodes.
Usage: python3 tools/gpu/nsight_summary.py profile.txt [sass-*.txt ...]"""
import collections
import os
import re
import sys

# (metric, column label, the unit the column shows)
METRICS = [("Duration", "us", "us"), ("Executed Instructions", "warp instr", "inst"),
           ("No Eligible", "% no eligible", "%"), ("DRAM Throughput", "% DRAM", "%"),
           ("Achieved Occupancy", "% occupancy", "%"), ("L2 Hit Rate", "% L2 hits", "%"),
           ("sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active", "% ALU pipe", "%"),
           ("sm__inst_executed_pipe_fmaheavy.avg.pct_of_peak_sustained_active", "% FMA-heavy",
            "%"),
           ("sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active", "% LSU pipe", "%")]
# ncu scales times to fit; the table shows microseconds.
MICROSECONDS = {"ns": 1e-3, "nsecond": 1e-3, "us": 1.0, "usecond": 1.0,
                "ms": 1e3, "msecond": 1e3, "s": 1e6, "second": 1e6}
# Any kernel's launch: ours (rms_norm_*) or a peer's (tools/gpu/peer_code.py
# under ncu: triton_*).
LAUNCH = re.compile(r"^  ([A-Za-z_]\w*) (\([\d, ]+\)x\([\d, ]+\))", re.MULTILINE)
SASS = re.compile(r"^\s+/\*[0-9a-f]{4}\*/\s+(?:@!?U?P[0-9T]\s+)?([A-Z0-9_]+)", re.MULTILINE)


def value(body, metric, unit):
    """The metric's first value in one launch's report, in `unit`."""
    found = re.search(r"^\s+" + re.escape(metric) + r"\s+(\S+)\s+([\d.,]+)\s*$", body,
                      re.MULTILINE)
    if not found:
        return "?"
    shown, number = found.groups()
    if unit == "us" and shown in MICROSECONDS:
        return f"{float(number.replace(',', '')) * MICROSECONDS[shown]:.2f}"
    return number if shown == unit else f"{number} {shown}"


def launches(path):
    text = open(path).read()
    heads = list(LAUNCH.finditer(text))
    if not heads:
        sys.exit(f"nsight_summary.py: no profiled kernel launch in {path}")
    width = max(len(h.group(1)) for h in heads) + 2
    shape = max(len(h.group(2)) for h in heads) + 2
    print("kernel".ljust(width) + "grid x block".ljust(shape) +
          "".join(label.rjust(15) for _, label, _ in METRICS))
    for head, after in zip(heads, heads[1:] + [None]):
        body = text[head.end():after.start() if after else len(text)]
        values = [value(body, metric, unit) for metric, _, unit in METRICS]
        print(head.group(1).ljust(width) + head.group(2).ljust(shape) +
              "".join(v.rjust(15) for v in values))


def sass_counts(path):
    opcodes = collections.Counter(SASS.findall(open(path).read()))
    common = ", ".join(f"{op} {n}" for op, n in opcodes.most_common(10))
    print(f"{os.path.basename(path)}: {sum(opcodes.values())} instructions; {common}")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.splitlines()[-1])
    launches(sys.argv[1])
    for path in sys.argv[2:]:
        sass_counts(path)


if __name__ == "__main__":
    main()
