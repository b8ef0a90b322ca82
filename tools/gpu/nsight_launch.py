#!/usr/bin/env python3
"""Launch our emitted kernels for a few cells, for a profiler to observe.

Run under Nsight Compute by tools/gpu/nsight.sh (which builds the runtime's
C entry point). Each cell's kernel is launched twice on the benchmark's
inputs: the second runs past module loading (the profiler still empties the
caches and fixes the clocks before each launch).
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchmark import EPS, Runtime, cell_inputs  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--kernels", required=True, help="folder of emitted manifests")
    p.add_argument("--runtime", required=True, help="librmsnorm_runtime.so")
    p.add_argument("--cells", required=True, help="dtype:MxN list, e.g. bf16:32768x1025")
    args = p.parse_args()
    runtime = Runtime(args.runtime)
    for cell in args.cells.split(","):
        dtype_name, shape = cell.split(":")
        m, n = (int(v) for v in shape.split("x"))
        x, w = cell_inputs(dtype_name, m, n)
        y = torch.empty_like(x)
        handle, _ = runtime.load(os.path.join(
            args.kernels, f"rms_norm_{dtype_name}_{n}.sm_90.json"))
        launch = runtime.launcher(handle, x, w, y, EPS)
        for _ in range(2):
            launch()
        torch.cuda.synchronize()
        print(f"launched {cell} twice", flush=True)


if __name__ == "__main__":
    main()
