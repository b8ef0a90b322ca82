#!/usr/bin/env python3
"""Manifests for warp_group_rows.cu's kernels (N = 127): the default
kernel's manifest from out/bench with block [32 * WARPS / R, R], R = WARPS
* GPW * G rows a block (G = 8 for 16-bit, 4 for f32), as built. Usage,
from the repository root:
  nvcc -arch=sm_90 -O3 -cubin -DWARPS=W -DGPW=P tools/gpu/prototypes/warp_group_rows.cu \
       -o DIR/warp_group_rows.cubin
  python3 tools/gpu/prototypes/warp_group_manifests.py out/bench DIR W P
"""
import sys

from staged_rows_manifests import write_manifest


def main(defaults, out, warps, groups):
    for dtype, group in (("bf16", 8), ("f16", 8), ("f32", 4)):
        rows = int(warps) * int(groups) * group
        write_manifest(defaults, out, dtype, 127, 32 * int(warps) // rows, rows,
                       "warp_group_rows")


if __name__ == "__main__":
    main(*sys.argv[1:5])
