#!/usr/bin/env python3
"""Schedule exploration: each candidate schedule of a cell, timed against the
peers, to inform rownorm-tile-rows' cost model (never to pick kernels by hand).

  here:        schedules.py mlir --cells dtype:MxN,... > candidates.mlir
               (tools/gpu/schedules.sh emit does this and runs rmsnorm-emit)
  GPU machine: schedules.py run --kernels DIR --runtime LIB --cells ...

Candidates: threads per row T a power of two below twice the row's vectors
(so some threads may hold none), each thread holding at most 16 vectors of
the widest access; rows per block R so that a block has 128, 256, 512 or
1024 threads (R = 1 when T alone is that large). `run` also times the
default kernel of each cell from the --default folder (benchmark.sh emit),
so a cell's N must be one of the benchmark suite's widths. Kernel names say the
schedule: rms_norm_<dtype>_<N>_r<R>_t<T>. Timing is benchmark.py's method
(events with an L2 flush; graph replay for cells under 64 MiB, which judges
them) and its sanity check of every output; columns: copy, torch.compile,
Triton, ours with default options (the --default folder), each candidate.
"""
import argparse
import json
import os
import sys

VECTOR_BYTES = 16
ELEMENT_BYTES = {"f32": 4, "f16": 2, "bf16": 2}
MAX_VECTORS_PER_THREAD = 16
BLOCK_SIZES = (128, 256, 512, 1024)


def parse_cells(text):
    """dtype:MxN,... -> [(dtype, M, N)]; argparse reports a ValueError."""
    cells = []
    for item in text.split(","):
        try:
            dtype, shape = item.split(":")
            m, n = (int(v) for v in shape.split("x"))
        except ValueError:
            raise ValueError(f"'{item}' is not dtype:MxN") from None
        if dtype not in ELEMENT_BYTES or m < 1 or n < 1:
            raise ValueError(f"'{item}': dtype one of {', '.join(ELEMENT_BYTES)}, "
                             "M and N positive")
        cells.append((dtype, m, n))
    return cells


def cells_argument(text):
    try:
        return parse_cells(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err))


def row_vectors(n, width):
    partial = n % width != 0
    return n // width if partial and n // width >= 2 else n // width + partial


def candidates(dtype, n):
    width = min(VECTOR_BYTES // ELEMENT_BYTES[dtype], 1 << (n - 1).bit_length())
    vectors = row_vectors(n, width)
    out = []
    t = 1
    while t <= 1024:
        vpt = -(-vectors // t)
        if vpt <= MAX_VECTORS_PER_THREAD and (t == 1 or vectors > t // 2):
            for block in BLOCK_SIZES:
                if block >= t and (block // t) * t == block:
                    out.append({"rows": block // t, "threads": t, "width": width,
                                "vpt": vpt})
        t *= 2
    return out


def name(dtype, n, c):
    return f"rms_norm_{dtype}_{n}_r{c['rows']}_t{c['threads']}"


def mlir(cells):
    seen = set()
    for dtype, _, n in cells:
        rows = f"memref<?x{n}x{dtype}, strided<[?, 1]>>"
        for c in candidates(dtype, n):
            fn = name(dtype, n, c)
            if fn in seen:
                continue
            seen.add(fn)
            print(f"func.func @{fn}(%x: {rows}, %w: memref<{n}x{dtype}>, %y: {rows}, %eps: f32) {{\n"
                  f"  rownorm.rms_norm ins(%x : {rows}) weight(%w : memref<{n}x{dtype}>) "
                  f"outs(%y : {rows}) epsilon(%eps) {{schedule = #rownorm.schedule<"
                  f"rows_per_block = {c['rows']}, threads_per_row = {c['threads']}, "
                  f"vector_width = {c['width']}, vectors_per_thread = {c['vpt']}>}}\n"
                  f"  return\n}}")


def run(args):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import torch
    import benchmark as b

    b.torch._dynamo.config.cache_size_limit = 4096
    if hasattr(b.torch._dynamo.config, "recompile_limit"):
        b.torch._dynamo.config.recompile_limit = 4096
    runtime = b.Runtime(args.runtime)
    record = {"schema": "rmsnorm-schedules", "cells": [], **b.environment(args.kernels)}
    for dtype_name, m, n in args.cells:
        from transformers.models.llama.modeling_llama import LlamaRMSNorm
        dtype = b.DTYPES[dtype_name]
        x, w = b.cell_inputs(dtype_name, m, n)
        eager = LlamaRMSNorm(n, eps=b.EPS).to(device="cuda", dtype=dtype)
        eager.weight.requires_grad_(False)
        eager.weight.copy_(w)
        compiled = torch.compile(eager, dynamic=False, fullgraph=True)
        outs, handles = [], []

        def ours(manifest):
            handle, info = runtime.load(manifest)
            if info.n != n or info.dtype.decode() != dtype_name:
                raise RuntimeError(f"{manifest}: not a {dtype_name} kernel for N = {n}")
            handles.append(handle)
            outs.append(torch.empty_like(x))
            return runtime.launcher(handle, x, w, outs[-1], b.EPS)

        y_copy, y_triton = torch.empty_like(x), torch.empty_like(x)
        fns = {"copy": lambda: y_copy.copy_(x), "compile": lambda: compiled(x),
               "triton": lambda: b.triton_rms_norm(x, w, y_triton, b.EPS),
               "ours": ours(os.path.join(args.default, f"rms_norm_{dtype_name}_{n}.sm_90.json"))}
        for c in candidates(dtype_name, n):
            label = f"r{c['rows']}_t{c['threads']}"
            fns[label] = ours(os.path.join(args.kernels, name(dtype_name, n, c) + ".sm_90.json"))
        xd = x.double()
        ref = xd * torch.rsqrt(xd.pow(2).mean(-1, keepdim=True) + b.EPS) * w.double()
        for label, fn in fns.items():
            if label == "copy":
                continue
            for o in outs:
                o.fill_(float("nan"))
            err = b.relative_error(fn(), ref)
            if not err <= b.TOLERANCE[dtype_name]:
                raise RuntimeError(f"{label} fails the sanity check at {dtype_name} "
                                   f"{m}x{n}: relative error {err:.3g}")
        del xd, ref
        nbytes = 2 * m * n * x.element_size() + n * w.element_size()
        flush = torch.empty(b.FLUSH_BYTES // 4, dtype=torch.int32, device="cuda")
        with torch.no_grad():
            times = b.time_events(fns, args.reps, args.warmup, flush)
            column = "events"
            if nbytes < b.GRAPH_LIMIT_BYTES:
                times = b.time_graphs(fns, args.reps, args.graph_calls)
                column = "graph"
        del flush
        peer = min(("compile", "triton"), key=lambda p: times[p])
        copy_gbps = b.gbps(2 * m * n * x.element_size(), times["copy"])
        ranked = sorted((l for l in fns if l not in ("copy", "compile", "triton")),
                        key=lambda l: times[l])
        print(f"{dtype_name} {m}x{n} ({column}): copy {copy_gbps:.0f} GB/s; "
              f"{peer} {b.gbps(nbytes, times[peer]):.0f}; "
              f"ours {times[peer] / times['ours']:.3f}x", flush=True)
        for label in ranked[:6]:
            print(f"   {label:<12} {b.gbps(nbytes, times[label]):>6.0f} GB/s "
                  f"{100 * b.gbps(nbytes, times[label]) / copy_gbps:6.1f}% copy "
                  f"{times[peer] / times[label]:6.3f}x", flush=True)
        record["cells"].append({"dtype": dtype_name, "M": m, "N": n, "bytes": nbytes,
                                "column": column, "ms": times})
        for h in handles:
            runtime.lib.rmsnorm_kernel_free(b.ctypes.c_void_p(h))
        del outs, fns, x, w, eager, compiled
        torch.cuda.empty_cache()
    if args.record:
        with open(args.record, "w") as f:
            json.dump(record, f, indent=1)
            f.write("\n")
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    m = sub.add_parser("mlir")
    m.add_argument("--cells", required=True, type=cells_argument, help="dtype:MxN list")
    r = sub.add_parser("run")
    r.add_argument("--cells", required=True, type=cells_argument)
    r.add_argument("--kernels", required=True, help="the candidates' emission")
    r.add_argument("--default", required=True, help="benchmark.sh emit's folder")
    r.add_argument("--runtime", required=True)
    r.add_argument("--record")
    r.add_argument("--reps", type=int, default=25)
    r.add_argument("--warmup", type=int, default=5)
    r.add_argument("--graph-calls", type=int, default=20)
    args = p.parse_args()
    if args.command == "mlir":
        mlir(args.cells)
        return 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
