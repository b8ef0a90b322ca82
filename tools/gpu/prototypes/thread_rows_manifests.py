#!/usr/bin/env python3
"""Manifests for thread_rows.cu's kernels (N = 127), a --variant folder for
tools/gpu/benchmark.py: the default kernel's manifest from out/bench with
block [TPR, ROWS] as built (TPR16 for bf16 / f16, TPR32 for f32), and ours'
N = 128 kernels copied beside them (the A/A control). Usage, from the
repository root:
  nvcc -arch=sm_90 -O3 -cubin -DTPR16=T -DTPR32=U [-DMINB16=B -DMINB32=C] \\
       [-DROWS=ROWS] tools/gpu/prototypes/thread_rows.cu -o DIR/thread_rows.cubin
  python3 tools/gpu/prototypes/thread_rows_manifests.py out/bench DIR T U [ROWS]
(ROWS the same in both: the manifest's block must be the kernel's.)
"""
import glob
import shutil
import sys

from staged_rows_manifests import write_manifest


def main(defaults, out, tpr16, tpr32, rows="64"):
    for dtype, tpr in (("bf16", tpr16), ("f16", tpr16), ("f32", tpr32)):
        write_manifest(defaults, out, dtype, 127, int(tpr), int(rows), "thread_rows")
        # 128 and its twin for many rows (its manifest's `variants`); ptx too.
        for f in glob.glob(f"{defaults}/rms_norm_{dtype}_128*.sm_90.*"):
            if not f.endswith(".h"):
                shutil.copy(f, out)


if __name__ == "__main__":
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    main(*sys.argv[1:6])
