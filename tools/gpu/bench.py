"""Times emitted kernels on the GPU machine against a same-bytes device copy.

usage: bench.py DIR [DIR ...]   (each DIR holds *.sm_90.json manifests + cubins)

For each kernel: M chosen so that x is about 512 MiB (far beyond the 60 MiB
L2), random inputs, 5 warm-up launches, the median of 50 CUDA-event timings;
GB/s counts x read + y written + w read. The copy moves the same bytes
(read + write) with a device-to-device copy, timed the same way.
"""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(__file__))
from smoke import DTYPES, Kernel, check, cu, time_ms  # noqa: E402


def bench(path):
    k = Kernel(path)
    m = k.m
    dt, wdt, n = DTYPES[m["dtype"]], DTYPES[m["weight_dtype"]], m["n"]
    elem = torch.tensor([], dtype=dt).element_size()
    rows = max(1, (512 << 20) // (n * elem))
    x = torch.randn(rows, n, device="cuda").to(dt)
    w = torch.rand(n, device="cuda").to(wdt)
    y = torch.empty_like(x)
    t = time_ms(lambda: k.launch(x, w, y, rows), reps=50)
    check(cu.cuCtxSynchronize(), "kernel")
    nbytes = 2 * x.numel() * elem + w.numel() * w.element_size()
    src = torch.empty(nbytes // 2, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    tc = time_ms(lambda: dst.copy_(src), reps=50)
    regs = m.get("resources", {}).get("registers")
    return (f"{os.path.basename(os.path.dirname(path)):<10} {m['kernel']:<16} regs={regs!s:<3} "
            f"M={rows:<7} {t * 1e3:8.1f} us {nbytes / t / 1e6:6.0f} GB/s  copy {nbytes / tc / 1e6:6.0f} GB/s  "
            f"{100 * tc / t:5.1f}% of copy")


def main(dirs):
    torch.zeros(1, device="cuda")
    check(cu.cuInit(0), "cuInit")
    lines = []
    for d in dirs:
        for path in sorted(f for f in os.listdir(d) if f.endswith(".sm_90.json")):
            lines.append(bench(os.path.join(d, path)))
            print(lines[-1], flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
