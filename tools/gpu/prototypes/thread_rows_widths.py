#!/usr/bin/env python3
"""thread_rows.cu on other odd widths (s49b, prepared in the forty-ninth
session): from a folder emitted with BENCH_WIDTHS (ours), writes
DIR/kernels.inc (THREAD_ROWS_KERNEL lines for nvcc -DKERNEL_LIST) and DIR's
manifests for every odd width up to 256 (ours' staging limit): TPR16 / TPR32
segments a row, raised to what the width needs (a segment in 64 registers:
16-bit ceil(N / 128), f32 ceil(N / 64)) and then to a power of two, 64 rows a block (f32 rows past 160
elements: 32, within static shared memory), no register cap. Even widths get ours'
files (an A/A control). Usage, from the repository root:
  BENCH_WIDTHS="63 127 191 255" BENCH_KERNELS=out/bench-odd tools/gpu/benchmark.sh emit
  python3 tools/gpu/prototypes/thread_rows_widths.py out/bench-odd DIR TPR16 TPR32
  nvcc -arch=sm_90 -O3 -cubin -DKERNEL_LIST='"kernels.inc"' -I DIR \\
       tools/gpu/prototypes/thread_rows.cu -o DIR/thread_rows.cubin
"""
import os
import sys

from staged_rows_manifests import (CTYPES, copy_ours, ours_kernels, write_kernel_list,
                                   write_manifest)


def main(ours, out, tpr16, tpr32):
    os.makedirs(out, exist_ok=True)
    lines = []
    for m, path in ours_kernels(ours):
        dtype, n = m["dtype"], m["n"]
        per_reg = 2 if dtype != "f32" else 1  # elements a 32-bit register
        if n % 2 == 0 or n > 256:  # ours stages rows of at most 256 elements
            copy_ours(ours, out, path)
            continue
        tpr = int(tpr32 if dtype == "f32" else tpr16)
        tpr = max(tpr, -(-n // (64 * per_reg)))
        tpr = 1 << (tpr - 1).bit_length()  # perRowLoop's shuffles want a power of two
        rows = 64 if 64 * n * (4 // per_reg) <= 40 * 1024 else 32  # static shared memory
        lines.append(f"THREAD_ROWS_KERNEL(rms_norm_{dtype}_{n}, {CTYPES[dtype]}, {n}, "
                     f"{tpr}, {rows}, 1)")
        write_manifest(ours, out, dtype, n, tpr, rows, "thread_rows")
    write_kernel_list(out, lines)


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:5])
