#!/usr/bin/env python3
"""torch.compile's kernel for one benchmark cell, to read beside ours (GPU
machine only): compiles the benchmark's compiled peer (transformers'
LlamaRMSNorm, torch.compile default mode, dynamic=False) for DTYPE M x N
with a fresh Inductor cache under OUT, runs it `--calls` times, and copies
the generated Triton sources and the autotuner's choices (*.best_config)
into OUT. With --profile, the last call alone runs between
cudaProfilerStart and Stop, for `ncu --profile-from-start off` (the
autotuner's trial launches come before it).
Usage: python3 tools/gpu/peer_code.py DTYPE M N OUT [--calls K] [--profile]"""
import argparse
import glob
import os
import shutil


def main():
    p = argparse.ArgumentParser()
    p.add_argument("dtype", choices=["f32", "f16", "bf16"])
    p.add_argument("m", type=int)
    p.add_argument("n", type=int)
    p.add_argument("out")
    p.add_argument("--calls", type=int, default=3)
    p.add_argument("--profile", action="store_true")
    a = p.parse_args()
    cache = os.path.join(a.out, "inductor-cache")
    shutil.rmtree(cache, ignore_errors=True)
    # Before torch is imported: Inductor reads it once.
    os.environ["TORCHINDUCTOR_CACHE_DIR"] = cache
    import torch
    from transformers.models.llama.modeling_llama import LlamaRMSNorm

    dtype = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}[a.dtype]
    eager = LlamaRMSNorm(a.n, eps=1e-6).to(device="cuda", dtype=dtype)
    compiled = torch.compile(eager, dynamic=False, fullgraph=True)
    x = torch.randn(a.m, a.n, device="cuda", dtype=dtype)
    for _ in range(a.calls):
        compiled(x)
    torch.cuda.synchronize()
    if a.profile:
        torch.cuda.cudart().cudaProfilerStart()
        compiled(x)
        torch.cuda.synchronize()
        torch.cuda.cudart().cudaProfilerStop()
    kept = 0
    for path in glob.glob(os.path.join(cache, "**", "*"), recursive=True):
        if not os.path.isfile(path):
            continue
        keep = path.endswith(".best_config")
        if path.endswith(".py"):
            with open(path, errors="replace") as f:
                keep = "@triton.jit" in f.read()
        if keep:
            shutil.copy(path, os.path.join(a.out, os.path.basename(path)))
            kept += 1
    print(f"{a.dtype} {a.m}x{a.n}: {kept} file(s) of torch.compile's kernel in {a.out}")


if __name__ == "__main__":
    main()
