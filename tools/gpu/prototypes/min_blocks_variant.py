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
import subprocess
import sys

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
        ptx, cubin = path[:-5] + ".ptx", path[:-5] + ".cubin"
        with open(ptx) as f:
            text = f.read()
        text = re.sub(r"(\.maxntid [^\n]*\n)",
                      lambda g: g.group(1) + f".minnctapersm {want}\n", text, count=1)
        with open(ptx, "w") as f:
            f.write(text)
        log = subprocess.run([ptxas, "-arch=sm_90", "-v", ptx, "-o", cubin],
                             capture_output=True, text=True, check=True).stderr
        regs = int(re.search(r"Used (\d+) registers", log).group(1))
        spill = int(re.search(r"(\d+) bytes spill stores", log).group(1))
        print(f"{m['dtype']:5}{m['n']:6} threads {threads:4} registers "
              f"{m['resources']['registers']} -> {regs}, spill {spill}, blocks "
              f"{b} -> {blocks(regs, threads)}")
        m["resources"].update(registers=regs, spill_store_bytes=spill,
                              reported_by=f"ptxas, .minnctapersm {want}")
        with open(path, "w") as f:
            json.dump(m, f, indent=1)


if __name__ == "__main__":
    main(*sys.argv[1:])
