"""GPU smoke check of emitted kernels (run on the GPU machine).

Loads every manifest in a directory, launches its cubin through the CUDA
driver (cuda-python) at a few M and row strides (= N, aligned > N, misaligned
> N), and compares with an fp64 reference of x * rsqrt(mean(x^2) + eps) * w.
Contract: f16/bf16 within 1 ULP of the fp64 result, f32 within 8 ULP (the ULP
of the result's binade, and never below the type's subnormal spacing); guard rows and
columns around y untouched; y poisoned before launch. Then times the README
kernel against a same-bytes device copy. Exits non-zero on any failure.
"""
import ctypes
import glob
import json
import math
import os
import sys

import torch
from cuda.bindings import driver as cu

DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}
MANTISSA = {"f32": 23, "f16": 10, "bf16": 7}
# Spacing of the subnormals: the ULP never gets smaller than this.
MIN_ULP = {"f32": 2.0 ** -149, "f16": 2.0 ** -24, "bf16": 2.0 ** -133}
ULPS = {"f32": 8, "f16": 1, "bf16": 1}
# SMOKE_QUICK=1: small M only and no timing (for compute-sanitizer).
QUICK = os.environ.get("SMOKE_QUICK") == "1"


def check(result, what):
    err = result[0] if isinstance(result, tuple) else result
    if err != cu.CUresult.CUDA_SUCCESS:
        raise RuntimeError(f"{what} failed: {err}")
    return result[1] if isinstance(result, tuple) and len(result) == 2 else result


class Kernel:
    def __init__(self, manifest_path):
        with open(manifest_path) as f:
            self.m = json.load(f)
        folder = os.path.dirname(manifest_path)
        image = open(os.path.join(folder, self.m["files"]["cubin"]), "rb").read()
        self.module = check(cu.cuModuleLoadData(image), "cuModuleLoadData")
        self.func = check(cu.cuModuleGetFunction(self.module, self.m["symbol"].encode()),
                          "cuModuleGetFunction")

    def launch(self, x, w, y, rows):
        m = self.m
        values, types = [], []
        for p in m["params"]:
            if p["kind"] == "pointer":
                t = {"x": x, "w": w, "y": y, "xy": x}[p["name"]]
                values.append(t.data_ptr()); types.append(ctypes.c_void_p)
            elif p["name"] == "rows":
                values.append(rows); types.append(ctypes.c_int64)
            else:
                t = {"x_row_stride": x, "y_row_stride": y}[p["name"]]
                values.append(t.stride(0)); types.append(ctypes.c_int64)
        grid = (rows + m["rows_per_block"] - 1) // m["rows_per_block"]
        bx, by, bz = m["block"]
        stream = torch.cuda.current_stream().cuda_stream
        check(cu.cuLaunchKernel(self.func, grid, 1, 1, bx, by, bz,
                                m["dynamic_shared_bytes"], stream,
                                (tuple(values), tuple(types)), 0), "cuLaunchKernel")


def ulp(ref, dtype_name):
    mag = ref.abs().clamp_min(2.0 ** -1000)
    exponent = torch.floor(torch.log2(mag))
    return torch.pow(2.0, exponent - MANTISSA[dtype_name]).clamp_min(MIN_ULP[dtype_name])


def run_case(k, rows, stride, gen):
    m = k.m
    n, dt, wdt = m["n"], DTYPES[m["dtype"]], DTYPES[m["weight_dtype"]]
    guard = 3
    xbuf = torch.randn(rows + guard, stride, generator=gen, device="cuda").to(dt)
    x = xbuf[:rows, :n]
    if rows > 2:
        x[1].zero_()  # the epsilon path
    w = (torch.rand(n, generator=gen, device="cuda") + 0.5).to(wdt)
    sentinel = 12345.0 if dt != torch.float16 else 1234.0
    ybuf = torch.full((rows + guard, stride), sentinel, device="cuda").to(dt)
    ybuf[:rows, :n] = float("nan")  # poison
    y = ybuf[:rows, :n]
    k.launch(x, w, y, rows)
    check(cu.cuCtxSynchronize(), "kernel")
    xd, wd = x.double(), w.double()
    ref = xd * torch.rsqrt(xd.pow(2).mean(dim=1, keepdim=True) + m["epsilon"]) * wd
    err = (y.double() - ref).abs()
    tol = ULPS[m["dtype"]] * ulp(ref, m["dtype"])
    bad = ~(err <= tol)
    guard_ok = bool((ybuf[rows:] == sentinel).all()) and (
        stride == n or bool((ybuf[:rows, n:] == sentinel).all()))
    max_ulp = float((err / ulp(ref, m["dtype"])).max())
    first = None
    if bool(bad.any()):
        i, j = [int(v) for v in bad.nonzero()[0]]
        first = f"row {i} col {j}: expected {float(ref[i, j]):.6g} got {float(y[i, j]):.6g}"
    return (not bool(bad.any())) and guard_ok, max_ulp, guard_ok, first


def time_ms(fn, reps=100):
    for _ in range(5):
        fn()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(reps):
        start.record(); fn(); end.record(); end.synchronize()
        times.append(start.elapsed_time(end))
    times.sort()
    return times[len(times) // 2]


def main(folder):
    torch.cuda.init()
    torch.zeros(1, device="cuda")
    check(cu.cuInit(0), "cuInit")
    print(f"device: {torch.cuda.get_device_name()}, driver API via cuda-python, torch {torch.__version__}")
    gen = torch.Generator(device="cuda").manual_seed(20261129)
    failures, lines = 0, []
    for path in sorted(glob.glob(os.path.join(folder, "*.sm_90.json"))):
        k = Kernel(path)
        n, r = k.m["n"], k.m["rows_per_block"]
        elem = torch.tensor([], dtype=DTYPES[k.m["dtype"]]).element_size()
        aligned = n + (-n) % (16 // elem) + 16 // elem
        sizes = {1, 3, r + 1} if QUICK else {1, 3, r + 1, 4097 if n <= 8192 else 67}
        for rows in sorted(sizes):
            for stride in sorted({n, aligned, n + 1}):
                ok, max_ulp, guard_ok, first = run_case(k, rows, stride, gen)
                failures += not ok
                lines.append(f"{k.m['kernel']:<16} {k.m['dtype']:>4} N={n:<6} M={rows:<5} stride={stride:<6} "
                             f"max_ulp={max_ulp:5.2f} guards={'ok' if guard_ok else 'CLOBBERED'} "
                             f"{'PASS' if ok else 'FAIL ' + (first or '')}")
    # A first speed reading for the README kernel (not the harness's timing).
    path = os.path.join(folder, "bf16_4096.sm_90.json")
    if os.path.exists(path) and not QUICK:
        k = Kernel(path)
        rows, n = 32768, 4096
        x = torch.randn(rows, n, device="cuda").to(torch.bfloat16)
        w = torch.rand(n, device="cuda").to(torch.bfloat16)
        y = torch.empty_like(x)
        t = time_ms(lambda: k.launch(x, w, y, rows))
        nbytes = x.numel() * 2 * 2 + n * 2
        src = torch.empty(nbytes // 2, dtype=torch.uint8, device="cuda")
        dst = torch.empty_like(src)
        tc = time_ms(lambda: dst.copy_(src))
        lines.append(f"timing bf16 M={rows} N={n}: kernel {t * 1e3:.1f} us = {nbytes / t / 1e6:.0f} GB/s; "
                     f"same-bytes copy {tc * 1e3:.1f} us = {nbytes / tc / 1e6:.0f} GB/s; "
                     f"{100 * tc / t:.0f}% of copy")
    for line in lines:
        print(line)
    timed = os.path.exists(path) and not QUICK
    print(f"{len(lines) - failures - (1 if timed else 0)} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "out/smoke"))
