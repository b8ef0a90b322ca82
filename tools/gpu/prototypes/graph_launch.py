#!/usr/bin/env python3
"""Twenty-sixth session: launches for Nsight Compute's graph profiling
(`ncu --graph-profiling graph`), where the benchmark's graph column is
measured: for each folder and cell, K back-to-back calls of the folder's
kernel captured in one CUDA graph (as tools/gpu/benchmark.py's graph
column: no flush, the runtime's launch with launch_overlap), the graph
replayed twice. Usage (under ncu, from the repository root):
  python3 tools/gpu/prototypes/graph_launch.py --runtime LIB \
      --folders out/bench,out/so --cells f16:32768x127,f16:32768x128 [--calls 20]
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from benchmark import EPS, Runtime, capture, cell_inputs  # noqa: E402
from schedules import parse_cells  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runtime", required=True)
    p.add_argument("--folders", required=True)
    p.add_argument("--cells", required=True, type=parse_cells, help="dtype:MxN,...")
    p.add_argument("--calls", type=int, default=20)
    a = p.parse_args()
    runtime = Runtime(a.runtime)
    for dtype_name, m, n in a.cells:
        cell = f"{dtype_name}:{m}x{n}"
        x, w = cell_inputs(dtype_name, m, n)
        y = torch.empty_like(x)
        for folder in a.folders.split(","):
            handle, _ = runtime.load(os.path.join(folder, f"rms_norm_{dtype_name}_{n}.sm_90.json"))
            graph = capture(runtime.launcher(handle, x, w, y, EPS), a.calls)
            for _ in range(2):
                graph.replay()
            torch.cuda.synchronize()
            print(f"replayed {folder} {cell}: {a.calls} calls a graph, twice", flush=True)


if __name__ == "__main__":
    main()
