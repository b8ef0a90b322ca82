#!/usr/bin/env python3
"""Manifests for phase_warp_rows.cu's kernels (N = 1025): the default
kernel's manifest from out/bench with block [32 / J, P * J] (P = 8 phases
for 16-bit, 4 for f32; J rows a warp, as built). Usage, from the
repository root:
  nvcc -arch=sm_90 -O3 -cubin -DROWS_PER_WARP=J tools/gpu/prototypes/phase_warp_rows.cu \\
       -o DIR/phase_warp_rows.cubin
  (cd tools/gpu/prototypes && python3 phase_warp_manifests.py ../../../out/bench ../../../DIR J)
"""
import sys

from staged_rows_manifests import write_manifest


def main(defaults, out, rows_per_warp):
    j = int(rows_per_warp)
    for dtype, phases in (("bf16", 8), ("f16", 8), ("f32", 4)):
        write_manifest(defaults, out, dtype, 1025, 32 // j, phases * j, "phase_warp_rows")


if __name__ == "__main__":
    main(*sys.argv[1:4])
