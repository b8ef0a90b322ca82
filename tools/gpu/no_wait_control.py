#!/usr/bin/env python3
"""Negative control for the overlapped launch (launch_overlap): copies of
emitted sm_90 kernels whose PTX has its `griddepcontrol.wait` removed while
the manifest still says `"launch_overlap": true` -- what rmsnorm-emit
refuses to package (test-rownorm-drop-launch-wait), made here by hand so
that the GPU check `rmsnorm-harness --chain` can be shown to catch it
(tools/gpu/harness.sh emits it into out/negative/no-wait and runs it as an
expected failure, caught only by a failed chain). The cubin is dropped
(the runtime then loads the PTX, which the driver compiles), so no ptxas
is needed. A missing wait shows only as a race: a grid that leaves
processors free to the next one while its rows are still being read, i.e.
long rows at a few rows (GPU results 2026-12-02s14a / s14b: bf16 4096, f16
1001 and f16 16384 were never caught; bf16 65536 was at 8, 32 and 132
rows, f32 65536 at 8 and 32, f32 32768 at 132; s14g: bf16 and f16 65536 at
132, f32 65536 at 8 and 32 -- which row counts race varies by run).
Usage, from the repository root (after tools/gpu/harness.sh emit):
  python3 tools/gpu/no_wait_control.py out/sweep out/negative/no-wait KERNEL...
"""
import json
import os
import sys


def main(source, target, *kernels):
    os.makedirs(target, exist_ok=True)
    for kernel in kernels:
        with open(f"{source}/{kernel}.sm_90.json") as f:
            m = json.load(f)
        if not m["launch_overlap"]:
            raise SystemExit(f"{kernel}: not a kernel with launch_overlap")
        with open(f"{source}/{m['files']['ptx']}") as f:
            ptx = f.read()
        lines = ptx.split("\n")
        kept = [line for line in lines if line.strip() != "griddepcontrol.wait;"]
        if len(kept) != len(lines) - 1:
            raise SystemExit(f"{kernel}: expected one griddepcontrol.wait")
        with open(f"{target}/{m['files']['ptx']}", "w") as f:
            f.write("\n".join(kept))
        m["files"] = {"ptx": m["files"]["ptx"]}
        m["test_passes"] = ["griddepcontrol.wait removed by no_wait_control.py"]
        with open(f"{target}/{kernel}.sm_90.json", "w") as f:
            json.dump(m, f, indent=1)
        print(f"{target}/{kernel}.sm_90.json")


if __name__ == "__main__":
    main(*sys.argv[1:])
