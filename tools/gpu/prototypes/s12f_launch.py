#!/usr/bin/env python3
"""Twelfth session: launches, for Nsight Compute, at bf16 2048 x 3584 and
1024 x 7168 (where the Triton peer leads ours by 7-10%): ours (the first
kernel of HEAD, `--kernels`), the candidate schedule with the Triton peer's
layout (one row per block of 256 / 512 threads, `--candidates`), and the
Triton peer itself; each twice on the benchmark's inputs."""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from benchmark import EPS, Runtime, triton_rms_norm  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--kernels", required=True)
    p.add_argument("--candidates", required=True)
    p.add_argument("--runtime", required=True)
    a = p.parse_args()
    runtime = Runtime(a.runtime)
    for m, n, cand in ((2048, 3584, "r1_t256"), (1024, 7168, "r1_t512")):
        gen = torch.Generator(device="cuda").manual_seed(m * 1_000_003 + n)
        x = torch.randn(m, n, device="cuda", generator=gen).to(torch.bfloat16)
        w = (0.5 + torch.rand(n, device="cuda", generator=gen)).to(torch.bfloat16)
        y = torch.empty_like(x)
        launches = [lambda: triton_rms_norm(x, w, y, EPS)]
        for manifest in (os.path.join(a.kernels, f"rms_norm_bf16_{n}.sm_90.json"),
                         os.path.join(a.candidates, f"rms_norm_bf16_{n}_{cand}.sm_90.json")):
            handle, _ = runtime.load(manifest)
            launches.append(runtime.launcher(handle, x, w, y, EPS))
        for launch in launches:
            for _ in range(2):
                launch()
            torch.cuda.synchronize()
        print(f"launched bf16 {m}x{n}: triton, ours, {cand}", flush=True)


if __name__ == "__main__":
    main()
