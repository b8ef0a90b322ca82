#!/usr/bin/env python3
"""RMSNorm benchmark: our emitted kernels against the peers, on one dtype.

Run on the GPU machine by tools/gpu/benchmark.sh (which builds the runtime's
C entry point and emits the kernels); see the README's "Benchmark" section.

One method for every implementation:
- event column: a 256 MiB buffer is written before each call (L2 flush), the
  call alone is timed with CUDA events, after warm-up; the median of repeats
  interleaved across implementations (the order rotates every repeat);
- graph column (cells under 64 MiB): K back-to-back calls captured in one
  CUDA graph, no flush; replay time / K, median of interleaved repeats.
Cells under 64 MiB are judged on the graph column, the others on events.

The reference is a same-shape device copy, y.copy_(x). The counted peers are
transformers' LlamaRMSNorm (eager), torch.nn.functional.rms_norm,
torch.compile of the eager module (default mode, dynamic=False, one compile
per shape, fullgraph so a fallback to eager fails the run) and a Triton
kernel of the row-per-program design. Ours are the kernels rmsnorm-emit wrote
with default options, loaded through the runtime's manifest reader (the
shared library's C entry point, include/rmsnorm/Runtime/CAPI.h). With
--torch-op, the same kernels are also timed through the PyTorch op
(torch.ops.rmsnorm.rms_norm, tools/torch), column "op": not a peer, shown so
the op's cost over a bare launch is visible. With --variant LABEL=DIR, the
kernels of another emission (another commit or option) are timed in the
same interleaved repeats, column LABEL: an A/B comparison, not a peer.

Every implementation gets the same x, a w in x's dtype and eps = 1e-6 and
writes y in x's dtype; each output is checked against an fp64 reference
before timing (relative L2 error <= 2e-2 for 16-bit types, 1e-4 for f32). A
failure stops the run: no implementation is ever dropped.
"""
import argparse
import ctypes
import datetime
import json
import math
import os
import statistics
import subprocess
import sys

import torch
import torch.nn.functional as F
import triton
import triton.language as tl

EPS = 1e-6
FLUSH_BYTES = 256 << 20
GRAPH_LIMIT_BYTES = 64 << 20
DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}
TOLERANCE = {"f32": 1e-4, "f16": 2e-2, "bf16": 2e-2}
PEERS = ["eager", "F.rms_norm", "compile", "triton"]

SUITE = (
    [(32768, n) for n in (128, 512, 1024, 2048, 4096, 5120, 7168, 8192, 16384, 32768)]
    + [(4096, n) for n in (1024, 4096, 8192, 16384)]
    + [(m, n) for m in (1, 32, 256) for n in (4096, 8192)]
    + [(32768, n) for n in (127, 1025, 2560, 2880, 3584, 4099, 6144, 11008, 14336)]
)
QUICK = [(32768, 4096), (32768, 5120), (32768, 7168), (32768, 4099),
         (32768, 128), (1, 4096), (256, 8192)]


# --- the Triton peer: one program per row ---------------------------------
@triton.jit
def _rms_norm_row(X, W, Y, stride_x, stride_y, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(X + row * stride_x + cols, mask=mask, other=0.0).to(tl.float32)
    rstd = tl.rsqrt(tl.sum(x * x, axis=0) / N + eps)
    w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(Y + row * stride_y + cols, (x * rstd * w).to(Y.dtype.element_ty),
             mask=mask)


def triton_rms_norm(x, w, y, eps):
    n = x.shape[1]
    block = triton.next_power_of_2(n)
    warps = 4 if block < 2048 else 8 if block < 8192 else 16 if block < 32768 else 32
    _rms_norm_row[(x.shape[0],)](x, w, y, x.stride(0), y.stride(0), n, eps,
                                 BLOCK=block, num_warps=warps)
    return y


# --- ours, through the runtime's C entry point ----------------------------
class KernelInfo(ctypes.Structure):
    _fields_ = [(name, ctypes.c_char_p) for name in
                ("kernel", "symbol", "target", "chip", "dtype", "weight_dtype")] + [
        ("n", ctypes.c_int64), ("runtime_epsilon", ctypes.c_int),
        ("epsilon", ctypes.c_double),
        ("rows_per_block", ctypes.c_int64), ("block", ctypes.c_int64 * 3),
        ("pointer_alignment", ctypes.c_int64)]


class Runtime:
    def __init__(self, path):
        lib = ctypes.CDLL(path)
        lib.rmsnorm_last_error.restype = ctypes.c_char_p
        lib.rmsnorm_kernel_load.restype = ctypes.c_void_p
        lib.rmsnorm_kernel_load.argtypes = [ctypes.c_char_p]
        lib.rmsnorm_kernel_get_info.argtypes = [ctypes.c_void_p, ctypes.POINTER(KernelInfo)]
        lib.rmsnorm_kernel_launch.argtypes = [
            ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
            ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_float,
            ctypes.c_void_p]
        self.lib = lib

    def error(self):
        return self.lib.rmsnorm_last_error().decode()

    def load(self, manifest):
        handle = self.lib.rmsnorm_kernel_load(manifest.encode())
        if not handle:
            raise RuntimeError(f"loading {manifest}: {self.error()}")
        info = KernelInfo()
        if self.lib.rmsnorm_kernel_get_info(handle, ctypes.byref(info)):
            raise RuntimeError(self.error())
        return handle, info

    def launcher(self, handle, x, w, y, eps):
        launch, lib = self.lib.rmsnorm_kernel_launch, self.lib
        args = (handle, x.data_ptr(), w.data_ptr(), y.data_ptr(), x.shape[0],
                x.stride(0), y.stride(0), eps)

        def run():
            # The current stream: a graph capture's, when capturing.
            if launch(*args, torch.cuda.current_stream().cuda_stream):
                raise RuntimeError(lib.rmsnorm_last_error().decode())
            return y
        return run


# --- timing ----------------------------------------------------------------
def interleaved(calls, reps, before=None):
    """Median ms of each call over `reps` rounds; the order rotates each round."""
    names = list(calls)
    events = {n: [] for n in names}
    for r in range(reps):
        for k in range(len(names)):
            name = names[(r + k) % len(names)]
            start = torch.cuda.Event(enable_timing=True)
            stop = torch.cuda.Event(enable_timing=True)
            if before:
                before()
            start.record()
            calls[name]()
            stop.record()
            events[name].append((start, stop))
    torch.cuda.synchronize()
    return {n: statistics.median(s.elapsed_time(e) for s, e in events[n]) for n in names}


def time_events(fns, reps, warmup, flush):
    for fn in fns.values():
        for _ in range(warmup):
            fn()
    torch.cuda.synchronize()
    return interleaved(fns, reps, before=flush.zero_)


def capture(fn, k):
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(2):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(k):
            fn()
    return graph


def time_graphs(fns, reps, k):
    graphs = {n: capture(f, k) for n, f in fns.items()}
    for g in graphs.values():
        g.replay()
    torch.cuda.synchronize()
    per_replay = interleaved({n: g.replay for n, g in graphs.items()}, reps)
    del graphs
    return {n: ms / k for n, ms in per_replay.items()}


# --- one cell --------------------------------------------------------------
def compile_counters():
    from torch._dynamo.utils import counters
    return counters["stats"]["unique_graphs"], sum(counters["graph_break"].values())


def relative_error(y, ref):
    err = ((y.double() - ref).norm() / ref.norm()).item()
    return err if math.isfinite(err) else float("inf")


def cell_inputs(dtype_name, m, n):
    """The cell's x (m x n) and w (n), in its dtype, the same on every run
    and for every tool that measures the cell."""
    dtype = DTYPES[dtype_name]
    gen = torch.Generator(device="cuda").manual_seed(m * 1_000_003 + n)
    x = torch.randn(m, n, device="cuda", dtype=torch.float32, generator=gen).to(dtype)
    w = (0.5 + torch.rand(n, device="cuda", dtype=torch.float32, generator=gen)).to(dtype)
    return x, w


def run_cell(dtype_name, m, n, runtime, kernels, args):
    from transformers.models.llama.modeling_llama import LlamaRMSNorm

    dtype = DTYPES[dtype_name]
    x, w = cell_inputs(dtype_name, m, n)

    eager = LlamaRMSNorm(n, eps=EPS).to(device="cuda", dtype=dtype)
    eager.weight.requires_grad_(False)
    eager.weight.copy_(w)
    graphs_before, breaks_before = compile_counters()
    compiled = torch.compile(eager, dynamic=False, fullgraph=True)

    manifest = os.path.join(kernels, f"rms_norm_{dtype_name}_{n}.sm_90.json")
    handle, info = runtime.load(manifest)
    if info.dtype.decode() != dtype_name or info.n != n:
        raise RuntimeError(f"{manifest} is a {info.dtype.decode()} kernel for N = {info.n}")
    y_ours = torch.empty_like(x)
    y_triton = torch.empty_like(x)
    y_copy = torch.empty_like(x)

    fns = {
        "copy": lambda: y_copy.copy_(x),
        "eager": lambda: eager(x),
        "F.rms_norm": lambda: F.rms_norm(x, (n,), w, EPS),
        "compile": lambda: compiled(x),
        "triton": lambda: triton_rms_norm(x, w, y_triton, EPS),
        "ours": runtime.launcher(handle, x, w, y_ours, EPS),
    }
    if args.torch_op:
        fns["op"] = lambda: torch.ops.rmsnorm.rms_norm(x, w, EPS)
    variant_outs, variant_handles = [], []
    for label, folder in args.variant:
        vhandle, vinfo = runtime.load(
            os.path.join(folder, f"rms_norm_{dtype_name}_{n}.sm_90.json"))
        variant_outs.append(torch.empty_like(x))
        variant_handles.append(vhandle)
        fns[label] = runtime.launcher(vhandle, x, w, variant_outs[-1], EPS)

    # Correctness first, on poisoned outputs.
    xd = x.double()
    ref = xd * torch.rsqrt(xd.pow(2).mean(-1, keepdim=True) + EPS) * w.double()
    del xd
    errors = {}
    for name, fn in fns.items():
        if name == "copy":
            continue
        for out in (y_ours, y_triton, *variant_outs):
            out.fill_(float("nan"))
        y = fn()
        torch.cuda.synchronize()
        if y.dtype != dtype or y.shape != x.shape:
            raise RuntimeError(f"{name} returned {y.dtype} {tuple(y.shape)}")
        errors[name] = relative_error(y, ref)
        if not errors[name] <= TOLERANCE[dtype_name]:
            raise RuntimeError(f"{name} fails the sanity check at {dtype_name} "
                               f"{m}x{n}: relative error {errors[name]:.3g}")
        del y
    del ref
    graphs_after, breaks_after = compile_counters()
    if graphs_after <= graphs_before or breaks_after != breaks_before:
        raise RuntimeError(f"torch.compile did not compile {dtype_name} {m}x{n} "
                           "into one graph (fallback to eager)")

    flush = torch.empty(FLUSH_BYTES // 4, dtype=torch.int32, device="cuda")
    events = time_events(fns, args.reps, args.warmup, flush)
    del flush
    elem, welem = x.element_size(), w.element_size()
    nbytes = 2 * m * n * elem + n * welem
    graph = None
    if nbytes < GRAPH_LIMIT_BYTES:
        graph = time_graphs(fns, args.reps, args.graph_calls)
    judged = graph if graph is not None else events
    fastest = min(PEERS, key=lambda p: judged[p])
    cell = {
        "dtype": dtype_name, "M": m, "N": n, "bytes": nbytes,
        "copy_bytes": 2 * m * n * elem,
        "judged_on": "graph" if graph is not None else "events",
        "impls": {name: {"ms": events[name],
                         "graph_ms": graph[name] if graph is not None else None,
                         "rel_err": errors.get(name)} for name in fns},
        "fastest_peer": fastest,
        "ratio": judged[fastest] / judged["ours"],
        "schedule": {"rows_per_block": info.rows_per_block,
                     "block": list(info.block)},
    }
    for h in (handle, *variant_handles):
        runtime.lib.rmsnorm_kernel_free(ctypes.c_void_p(h))
    del variant_outs
    del x, w, y_ours, y_triton, y_copy, eager, compiled, fns
    torch.cuda.empty_cache()
    return cell


def gbps(nbytes, ms):
    return nbytes / ms / 1e6


def row_text(cell):
    j = "graph_ms" if cell["judged_on"] == "graph" else "ms"
    t = {name: v[j] for name, v in cell["impls"].items()}
    copy_gbps = gbps(cell["copy_bytes"], t["copy"])
    cols = [f"{cell['dtype']:<5}{cell['M']:>6} {cell['N']:>6} {cell['bytes'] / 2**20:>8.1f}"
            f" {cell['judged_on'][:5]:<5}"]
    for name in columns(cell["impls"]):
        nbytes = cell["copy_bytes"] if name == "copy" else cell["bytes"]
        cols.append(f"{gbps(nbytes, t[name]):>8.0f}")
    ours_pct = 100 * gbps(cell["bytes"], t["ours"]) / copy_gbps
    cols.append(f"{ours_pct:>7.1f}% {cell['ratio']:>6.3f} {cell['fastest_peer']}")
    return " ".join(cols)


def columns(impls):
    known = ["copy"] + PEERS + ["op", "ours"]
    return (["copy"] + PEERS + (["op"] if "op" in impls else []) + ["ours"] +
            [name for name in impls if name not in known])


def header(with_op, variants=()):
    names = (["copy", "eager", "F.rms", "compile", "triton"] + (["op"] if with_op else []) +
             ["ours"] + [label[:8] for label, _ in variants])
    return (f"{'dtype':<5}{'M':>6} {'N':>6} {'MiB':>8} {'col':<5}" +
            "".join(f" {h:>8}" for h in names) +
            f" {'%copy':>8} {'ratio':>6} fastest peer   (GB/s)")


def summary_line(cells):
    ratios = [c["ratio"] for c in cells]
    good = sum(r >= 0.99 for r in ratios)
    geomean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    worst = min(cells, key=lambda c: c["ratio"])
    return (f"cells >= 0.99x: {good} of {len(cells)}; geomean {geomean:.3f}; "
            f"worst {worst['ratio']:.3f} at {worst['dtype']} {worst['M']}x{worst['N']}")


def environment(kernels):
    def read(name):
        path = os.path.join(kernels, name)
        return open(path).read().strip() if os.path.exists(path) else None
    try:
        driver = subprocess.run(["nvidia-smi", "--query-gpu=driver_version",
                                 "--format=csv,noheader"], capture_output=True,
                                text=True).stdout.strip()
    except OSError:
        driver = None
    return {"card": torch.cuda.get_device_name(), "driver": driver,
            "cuda": torch.version.cuda, "torch": torch.__version__,
            "triton": triton.__version__, "emit_command": read("emit-command.txt"),
            "commit": read("commit.txt")}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dtype", choices=sorted(DTYPES), required=True)
    p.add_argument("--kernels", required=True, help="folder of emitted manifests")
    p.add_argument("--runtime", required=True, help="librmsnorm_runtime.so")
    p.add_argument("--record", help="write the JSON record here")
    p.add_argument("--quick", action="store_true", help="a few cells, for iteration")
    p.add_argument("--cells", help="M x N list, e.g. 32768x4096,1x4096")
    p.add_argument("--reps", type=int, default=25)
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--graph-calls", type=int, default=20)
    p.add_argument("--variant", metavar="LABEL=DIR", action="append", default=[],
                   type=lambda v: tuple(v.split("=", 1)),
                   help="also time the kernels in DIR as column LABEL (A/B; not a peer)")
    p.add_argument("--torch-op", metavar="DIR",
                   help="also time torch.ops.rmsnorm.rms_norm from DIR/rmsnorm_torch "
                        "(built by tools/gpu/torch.sh), over the --kernels folder")
    args = p.parse_args()

    dynamo = torch._dynamo.config
    for limit in ("cache_size_limit", "recompile_limit"):
        if hasattr(dynamo, limit):
            setattr(dynamo, limit, 4096)
    for limit in ("accumulated_cache_size_limit", "accumulated_recompile_limit"):
        if hasattr(dynamo, limit):
            setattr(dynamo, limit, 1 << 20)
    dynamo.suppress_errors = False

    cells = QUICK if args.quick else SUITE
    if args.cells:
        cells = [tuple(int(v) for v in c.split("x")) for c in args.cells.split(",")]
    torch.zeros(1, device="cuda")
    if args.torch_op:
        os.environ["RMSNORM_TORCH_KERNELS"] = os.path.abspath(args.kernels)
        sys.path.insert(0, args.torch_op)
        import rmsnorm_torch  # noqa: F401  (registers torch.ops.rmsnorm)
    runtime = Runtime(args.runtime)
    started = datetime.datetime.now(datetime.timezone.utc)
    record = {"schema": "rmsnorm-benchmark", "schema_version": 1,
              "date": started.isoformat(timespec="seconds"),
              "dtype": args.dtype, "quick": args.quick, "reps": args.reps,
              "warmup": args.warmup, "graph_calls": args.graph_calls,
              "eps": EPS, "torch_op": args.torch_op is not None, **environment(args.kernels),
              "variants": [{"label": label, **environment(folder)}
                           for label, folder in args.variant],
              "cells": []}
    print(header(args.torch_op is not None, args.variant), flush=True)
    with torch.no_grad():
        for m, n in cells:
            cell = run_cell(args.dtype, m, n, runtime, args.kernels, args)
            record["cells"].append(cell)
            print(row_text(cell), flush=True)
    record["summary"] = summary_line(record["cells"])
    if args.record:
        with open(args.record, "w") as f:
            json.dump(record, f, indent=1)
            f.write("\n")
    print(record["summary"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
