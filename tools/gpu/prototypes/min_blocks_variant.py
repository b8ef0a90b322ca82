#!/usr/bin/env python3
"""Occupancy experiment: a copy of an emitted kernel folder in which every
kernel that leaves a processor below its 2048 threads asks ptxas for one
more resident block (`.minnctapersm B+1` after `.maxntid`; ptxas then caps
the registers and may spill). Usage, from the repository root:
  cp -r out/bench out/bench-occ
  python3 tools/gpu/prototypes/min_blocks_variant.py out/bench-occ
With --full, a kernel asks for as many blocks as its threads allow
(THREADS_PER_PROCESSOR / threads, at most MAX_BLOCKS) instead of one more;
names after the folder (e.g. rms_norm_bf16_128) limit it to those kernels.
Prints each kernel's registers, spill bytes and blocks per processor.
"""
import glob
import json
import math
import re
import sys

from ptx_rewrite import reassemble

THREADS_PER_PROCESSOR, REGISTERS, MAX_BLOCKS = 2048, 65536, 32


def blocks(registers, threads):
    per_warp = math.ceil(registers * 32 / 256) * 256
    return min(REGISTERS // (per_warp * (threads // 32)),
               THREADS_PER_PROCESSOR // threads, MAX_BLOCKS)


def main(folder, *args, ptxas="/usr/local/cuda/bin/ptxas"):
    full = "--full" in args
    names = [a for a in args if a != "--full"]
    for path in sorted(glob.glob(f"{folder}/*.json")):
        with open(path) as f:
            m = json.load(f)
        if names and m["kernel"] not in names:
            continue
        threads = m["block"][0] * m["block"][1]
        b = blocks(m["resources"]["registers"], threads)
        if b * threads >= THREADS_PER_PROCESSOR:
            continue
        want = min(THREADS_PER_PROCESSOR // threads, MAX_BLOCKS) if full else b + 1
        with open(path[:-5] + ".ptx") as f:
            text = f.read()
        text = re.sub(r"(\.maxntid [^\n]*\n)",
                      lambda g: g.group(1) + f".minnctapersm {want}\n", text, count=1)
        before = m["resources"]["registers"]
        regs, spill = reassemble(path, m, text, f".minnctapersm {want}", ptxas)
        print(f"{m['dtype']:5}{m['n']:6} threads {threads:4} registers "
              f"{before} -> {regs}, spill {spill}, blocks "
              f"{b} -> {blocks(regs, threads)}")


if __name__ == "__main__":
    main(*sys.argv[1:])
