#!/usr/bin/env python3
"""Manifests for rows_per_thread.cu (a --variant folder for
tools/gpu/benchmark.py): the default kernel's manifest from out/bench with the
prototype's block [TPR, S], rows_per_block S * R and image. Usage, from the
repository root:
  nvcc -arch=sm_90 -O3 -cubin -DRPT_SET=1 tools/gpu/prototypes/rows_per_thread.cu \
       -o out/rpt1/rows_per_thread.cubin
  python3 tools/gpu/prototypes/rows_per_thread_manifests.py out/bench out/rpt1 1
"""
import json
import sys

# RPT_SET: {(dtype, N): (TPR, V, R, S)}, as in rows_per_thread.cu.
SETS = {
    "1": {("bf16", 128): (16, 1, 4, 8), ("f16", 128): (16, 1, 4, 8), ("f32", 128): (32, 1, 4, 4),
          ("bf16", 512): (32, 2, 2, 4), ("f16", 512): (32, 2, 2, 4), ("f32", 512): (32, 4, 2, 4)},
    "2": {("bf16", 128): (8, 2, 2, 16), ("f16", 128): (8, 2, 2, 16), ("f32", 128): (16, 2, 2, 8),
          ("bf16", 512): (32, 2, 4, 4), ("f16", 512): (32, 2, 4, 4), ("f32", 512): (32, 4, 4, 2)},
    "3": {("bf16", 128): (16, 1, 8, 4), ("f16", 128): (16, 1, 8, 4), ("f32", 128): (32, 1, 16, 2)},
}


def main(defaults, out, which):
    for (dtype, n), (tpr, v, r, s) in SETS[which].items():
        name = f"rms_norm_{dtype}_{n}.sm_90.json"
        with open(f"{defaults}/{name}") as f:
            m = json.load(f)
        m["block"] = [tpr, s, 1]
        m["rows_per_block"] = s * r
        m["grid"]["x"] = f"ceil(rows / {s * r})"
        m["schedule"] = {"rows_per_block": s, "threads_per_row": tpr,
                         "vector_width": 16 // (4 if dtype == "f32" else 2),
                         "vectors_per_thread": v, "rows_per_thread": r}
        m["variants"] = []
        m["files"] = {"cubin": "rows_per_thread.cubin"}
        m["static_shared_bytes"] = 0
        m["resources"]["reported_by"] = "nvcc prototype"
        with open(f"{out}/{name}", "w") as f:
            json.dump(m, f, indent=2)


if __name__ == "__main__":
    main(*sys.argv[1:4])
