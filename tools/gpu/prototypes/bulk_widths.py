#!/usr/bin/env python3
"""bulk_staged_rows.cu on any widths (s16a, prepared in the fifteenth session):
from a folder emitted with BENCH_WIDTHS (ours), writes DIR/kernels.inc (the
prototype's kernel list for nvcc -DKERNEL_LIST) and DIR's manifests. Widths
whose rows are whole 16-byte vectors get ours' files (an A/A control);
the others the prototype with ours' block, threads per row capped at a
subgroup (its reduction is a shuffle) and rows per block rounded up so that
a block's rows are whole 16-byte units, within 1024 threads and 48 KiB.
An optional third and fourth argument name another prototype with the
same kernel list: its body template and its .cu / .cubin stem (flat_rows.cu:
flatRows flat_rows).
Usage, from the repository root:
  BENCH_WIDTHS="63 64 ..." BENCH_KERNELS=out/bench-odd tools/gpu/benchmark.sh emit
  python3 tools/gpu/prototypes/bulk_widths.py out/bench-odd out/bulk-odd
  nvcc -arch=sm_90 -O3 -cubin -DKERNEL_LIST='"kernels.inc"' -I out/bulk-odd \\
       tools/gpu/prototypes/bulk_staged_rows.cu -o out/bulk-odd/bulk_staged_rows.cubin
"""
import glob
import json
import math
import os
import shutil
import sys

from staged_rows_manifests import CTYPES, write_manifest


def main(ours, out, body="bulkStagedSubtiles", stem="bulk_staged_rows"):
    os.makedirs(out, exist_ok=True)
    lines = []
    for path in sorted(glob.glob(f"{ours}/rms_norm_*.sm_90.json")):
        m = json.load(open(path))
        if m.get("from_rows") is not None:
            continue  # a kernel for many rows: copied with its first kernel
        dtype, n = m["dtype"], m["n"]
        size = 4 if dtype == "f32" else 2
        if n * size % 16 == 0:
            kernel = os.path.basename(path)[: -len(".sm_90.json")]
            for f in glob.glob(f"{ours}/{kernel}*.sm_90.*"):
                if not f.endswith(".h"):
                    shutil.copy(f, out)
            continue
        threads, rows = min(m["block"][0], 32), m["block"][1]
        unit = 16 // math.gcd(n * size, 16)  # rows per whole 16-byte units
        rows = -(-rows // unit) * unit
        while rows > unit and (threads * rows > 1024 or rows * n * size > 48 * 1024):
            rows -= unit
        if threads * rows > 1024 or rows * n * size > 48 * 1024:
            sys.exit(f"bulk_widths.py: no block fits {dtype} {n}")
        lines.append(f"PROTOTYPE_KERNEL({body}, rms_norm_{dtype}_{n}, "
                     f"{CTYPES[dtype]}, {n}, {threads}, {rows})")
        write_manifest(ours, out, dtype, n, threads, rows, stem)
    with open(f"{out}/kernels.inc", "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} prototype kernels in {out}/kernels.inc")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 5):
        sys.exit(__doc__)
    main(*sys.argv[1:])
