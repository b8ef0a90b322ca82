#!/usr/bin/env python3
"""row_staged_rows.cu's kernel list and manifests (s24a): from a folder
emitted with BENCH_WIDTHS (ours), writes DIR/kernels.inc (for nvcc
-DKERNEL_LIST) and DIR's manifests. Rows of unknown alignment longer than
the staged limit (256 elements) get the prototype, one warp a row and as
many rows a block as ours has threads / 32 (within 48 KiB of shared
memory); every other width gets ours' files (an A/A control).
Usage, from the repository root:
  BENCH_WIDTHS="513 1025 ..." BENCH_KERNELS=out/bench-rs tools/gpu/benchmark.sh emit
  python3 tools/gpu/prototypes/row_staged_widths.py out/bench-rs out/rs
  nvcc -arch=sm_90 -O3 -cubin -DKERNEL_LIST='"kernels.inc"' -I out/rs \\
       tools/gpu/prototypes/row_staged_rows.cu -o out/rs/row_staged_rows.cubin
"""
import glob
import json
import os
import shutil
import sys

from staged_rows_manifests import CTYPES, write_manifest


def main(ours, out):
    os.makedirs(out, exist_ok=True)
    lines = []
    for path in sorted(glob.glob(f"{ours}/rms_norm_*.sm_90.json")):
        m = json.load(open(path))
        if m.get("from_rows") is not None:
            continue  # a kernel for many rows: copied with its first kernel
        dtype, n = m["dtype"], m["n"]
        size = 4 if dtype == "f32" else 2
        if n * size % 16 == 0 or n <= 256:
            kernel = os.path.basename(path)[: -len(".sm_90.json")]
            for f in glob.glob(f"{ours}/{kernel}*.sm_90.*"):
                if not f.endswith(".h"):
                    shutil.copy(f, out)
            continue
        rows = max(1, m["block"][0] * m["block"][1] // 32)
        while rows > 1 and rows * (n + 48) * size > 48 * 1024:
            rows -= 1
        lines.append(f"PROTOTYPE_KERNEL(rowStaged, rms_norm_{dtype}_{n}, "
                     f"{CTYPES[dtype]}, {n}, 32, {rows})")
        write_manifest(ours, out, dtype, n, 32, rows, "row_staged_rows")
    with open(f"{out}/kernels.inc", "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} prototype kernels in {out}/kernels.inc")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
