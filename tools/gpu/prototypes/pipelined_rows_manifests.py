#!/usr/bin/env python3
"""Manifests for pipelined_rows.cu (three --variant folders for
tools/gpu/benchmark.py): each is the default kernel's manifest from out/bench
(tools/gpu/benchmark.sh emit) with the prototype's block, symbol and image,
served for every row count (no kernel for many rows). Usage, from the
repository root:
  nvcc -arch=sm_90 -O3 -cubin tools/gpu/prototypes/pipelined_rows.cu \
       -o out/pipe/pipelined_rows.cubin
  python3 tools/gpu/prototypes/pipelined_rows_manifests.py out/bench out/pipe
Folders: out/pipe/p (R rows per block, the next row's loads issued before
the current row's reduction), out/pipe/n (the same loop without the early
loads), out/pipe/r1 (one row per block); for N = 16384 alone, one row per
block: out/pipe/hf (x held, w loaded first: r1's kernel), rf (x read again
after the reduction, w first), hl (held, w loaded after the reduction), rl
(read again, w after: the emitted kernel's order, without its cache hints).
"""
import json
import os
import shutil
import sys

# N: (threads of a block, rows per block of p and n), as in PIPE_DTYPES.
WIDTHS = {7168: (224, 4), 8192: (256, 4), 11008: (352, 4), 16384: (512, 2)}
KINDS = {"p": lambda r: (r, "p"), "n": lambda r: (r, "n"), "r1": lambda r: (1, "p")}
ORDERS = {"hf": "p", "rf": "rf", "hl": "hl", "rl": "rl"}


def write(defaults, folder, dtype, n, threads, rows, suffix):
    name = f"rms_norm_{dtype}_{n}.sm_90.json"
    with open(os.path.join(defaults, name)) as f:
        m = json.load(f)
    m["block"] = [threads // rows, rows, 1]
    m["rows_per_block"] = rows
    m["grid"]["x"] = f"ceil(rows / {rows})"
    m["schedule"] = {"rows_per_block": rows, "threads_per_row": threads // rows,
                     "vector_width": 8, "vectors_per_thread": -(-(n // 8) // threads)}
    m["symbol"] = f"pipe_{dtype}_{n}_t{threads}_r{rows}_{suffix}"
    m["files"] = {"cubin": "pipelined_rows.cubin"}
    m["variants"] = []
    m["from_rows"] = None
    m["static_shared_bytes"] = 2 * (threads // 32) * 4
    m["resources"]["reported_by"] = "nvcc prototype"
    with open(os.path.join(folder, name), "w") as f:
        json.dump(m, f, indent=2)


def main(defaults, out):
    for label, suffix in ORDERS.items():
        folder = os.path.join(out, label)
        os.makedirs(folder, exist_ok=True)
        shutil.copy(os.path.join(out, "pipelined_rows.cubin"), folder)
        for dtype in ("bf16", "f16"):
            write(defaults, folder, dtype, 16384, 512, 1, suffix)
    for label, kind in KINDS.items():
        folder = os.path.join(out, label)
        os.makedirs(folder, exist_ok=True)
        shutil.copy(os.path.join(out, "pipelined_rows.cubin"), folder)
        for dtype in ("bf16", "f16"):
            for n, (threads, r) in WIDTHS.items():
                rows, suffix = kind(r)
                write(defaults, folder, dtype, n, threads, rows, suffix)


if __name__ == "__main__":
    main(*sys.argv[1:3])
