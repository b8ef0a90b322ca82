#!/usr/bin/env python3
"""Manifests for the kernels of a hand-written prototype (a
--variant folder for tools/gpu/benchmark.py): each is the default kernel's
manifest from out/bench (tools/gpu/benchmark.sh emit) with the prototype's
block, rows per block and image. Usage, from the repository root:
  nvcc -arch=sm_90 -O3 -cubin tools/gpu/prototypes/PROTO.cu \
       -o out/proto/PROTO.cubin
  python3 tools/gpu/prototypes/staged_rows_manifests.py out/bench out/proto [PROTO]
PROTO: staged_rows (the default), packed_rows, packed_rows_v2 or
bulk_staged_rows; all use the same blocks, except bulk_staged_rows built
with -DSUBTILES=S and given S as a fourth argument: [threads / S, rows * S]
where S sub-tiles fit 48 KiB (as in bulk_staged_rows.cu).
The runtime does not read static_shared_bytes (the image declares its
shared memory); it is set to the staged rows' size for all.
"""
import glob
import json
import os
import shutil
import sys

# A kernel list's C type of each dtype (the *_widths.py scripts).
CTYPES = {"f32": "float", "f16": "__half", "bf16": "__nv_bfloat16"}

# (dtype, N): (threads per row, rows per block), as in staged_rows.cu.
KERNELS = {("bf16", 127): (8, 16), ("f16", 127): (8, 16), ("f32", 127): (16, 8),
           ("bf16", 1025): (32, 8), ("f16", 1025): (32, 8), ("f32", 1025): (32, 4)}


def write_manifest(defaults, out, dtype, n, threads, rows, prototype):
    """The default kernel's manifest with the prototype's block [threads,
    rows], rows per block and image."""
    name = f"rms_norm_{dtype}_{n}.sm_90.json"
    with open(f"{defaults}/{name}") as f:
        m = json.load(f)
    size = 4 if dtype == "f32" else 2
    width = 16 // size
    m["block"] = [threads, rows, 1]
    m["rows_per_block"] = rows
    m["grid"]["x"] = f"ceil(rows / {rows})"
    m["schedule"] = {"rows_per_block": rows, "threads_per_row": threads,
                     "vector_width": width,
                     "vectors_per_thread": -(-(-(-n // width)) // threads)}
    m["files"] = {"cubin": f"{prototype}.cubin"}
    m["static_shared_bytes"] = rows * n * size
    m["resources"]["reported_by"] = "nvcc prototype"
    with open(f"{out}/{name}", "w") as f:
        json.dump(m, f, indent=2)


def ours_kernels(ours):
    """Yields (manifest, path) for ours' first kernel of each width (the
    *_widths.py scripts' scan); `copy_ours(ours, out, path)` copies one of
    them, with its twins, where the prototype takes no kernel."""
    for path in sorted(glob.glob(f"{ours}/rms_norm_*.sm_90.json")):
        m = json.load(open(path))
        if m.get("from_rows") is None:  # a twin for many rows goes with its first
            yield m, path


def copy_ours(ours, out, path):
    kernel = os.path.basename(path)[: -len(".sm_90.json")]
    for f in glob.glob(f"{ours}/{kernel}*.sm_90.*"):
        if not f.endswith(".h"):
            shutil.copy(f, out)


def write_kernel_list(out, lines):
    """DIR/kernels.inc, for nvcc -DKERNEL_LIST='"kernels.inc"' -I DIR."""
    with open(f"{out}/kernels.inc", "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} prototype kernels in {out}/kernels.inc")


def main(defaults, out, prototype="staged_rows", subtiles="1"):
    for (dtype, n), (threads, rows) in KERNELS.items():
        size = 4 if dtype == "f32" else 2
        sub = int(subtiles) if int(subtiles) * rows * n * size <= 48 * 1024 else 1
        write_manifest(defaults, out, dtype, n, threads // sub, rows * sub, prototype)


if __name__ == "__main__":
    main(*sys.argv[1:5])
