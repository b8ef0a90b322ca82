#!/usr/bin/env python3
"""The randomized GPU numerics run: random kernels and random harness cases.

  random_cases.py OUT [--kernels 300] [--cases 10000] [--seed S]

writes OUT/random.mlir (the kernels, for rmsnorm-emit) and OUT/cases.txt
(one line per harness call: kernel name, then rmsnorm-harness options).
Everything is drawn from one seeded generator, so a seed names the run.

Kernels: dtype f32/f16/bf16; weight dtype the same (60%) or f32
(the two the verifier allows); N
log-uniform from 1 to the dtype's maximum, plus the maximum itself and
N < 64 often; epsilon a launch parameter (75%) or built in at a random
value. Cases: random M (log-uniform, M x N capped so the fp64 check stays
cheap), strides n / aligned / misaligned / a random S >= n, input classes
normal, large, zero-rows, subnormal, non-finite, overflow, random epsilons
and seeds. Each harness call runs every (rows, stride, inputs) combination
of its line; the harness checks each with the project's numerics reference
and prints one PASS/FAIL line per case.
"""
import argparse
import math
import os
import random

MAX_N = {"f32": 65536, "f16": 131072, "bf16": 131072}
TYPES = ["f32", "f16", "bf16"]
INPUTS = ["normal", "large", "zero-rows", "subnormal", "non-finite", "overflow"]
ELEMENTS_PER_CASE = 1 << 21


def log_uniform(rng, lo, hi):
    return int(round(math.exp(rng.uniform(math.log(lo), math.log(hi)))))


def kernels(rng, count):
    out = []
    for i in range(count):
        t = TYPES[i] if i < 3 else rng.choice(TYPES)
        wt = t if rng.random() < 0.6 else "f32"  # the verifier allows these two
        r = rng.random()
        if i < 3:
            n = MAX_N[t]  # the longest rows of each type, once
        elif r < 0.25:
            n = rng.randint(1, 63)
        else:
            n = log_uniform(rng, 1, MAX_N[t])
        eps = None if rng.random() < 0.75 else float(f"{10 ** rng.uniform(-8, -1):.3g}")
        out.append((f"r{i:03d}_{t}_{wt}_{n}", t, wt, n, eps))
    return out


def mlir(name, t, wt, n, eps):
    rows = f"memref<?x{n}x{t}, strided<[?, 1]>>"
    weight = f"memref<{n}x{wt}>"
    if eps is None:
        return (f"func.func @{name}(%x: {rows}, %w: {weight}, %y: {rows}, %eps: f32) {{\n"
                f"  rownorm.rms_norm ins(%x : {rows}) weight(%w : {weight}) outs(%y : {rows}) epsilon(%eps)\n"
                f"  return\n}}\n")
    return (f"func.func @{name}(%x: {rows}, %w: {weight}, %y: {rows}) {{\n"
            f"  rownorm.rms_norm ins(%x : {rows}) weight(%w : {weight}) outs(%y : {rows}) "
            f"{{epsilon = {eps:e} : f32}}\n  return\n}}\n")


def case_line(rng, name, t, n, eps, per_kernel):
    """One harness call of about `per_kernel` cases."""
    max_m = max(1, min(65536, ELEMENTS_PER_CASE // n))
    inputs = rng.sample([c for c in INPUTS if not (t == "f16" and c == "overflow")],
                        rng.randint(1, 3))
    strides = []
    for kind in rng.sample(["n", "aligned", "misaligned", "S"], rng.randint(1, 3)):
        strides.append(str(n + rng.randint(1, 300)) if kind == "S" else kind)
    rows = max(1, math.ceil(per_kernel / (len(inputs) * len(strides))))
    ms = sorted({log_uniform(rng, 1, max_m) for _ in range(rows)} | {rng.choice([1, max_m])})
    while len(ms) * len(inputs) * len(strides) < per_kernel and len(ms) < max_m:
        ms = sorted(set(ms) | {rng.randint(1, max_m)})
    args = ["--rows", ",".join(map(str, ms)), "--strides", ",".join(strides),
            "--inputs", ",".join(inputs), "--seed", str(rng.randrange(1 << 31))]
    if eps is None:
        args += ["--epsilon", f"{10 ** rng.uniform(-9, 0):.3g}"]
    return name, args, len(ms) * len(inputs) * len(strides)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out")
    p.add_argument("--kernels", type=int, default=300)
    p.add_argument("--cases", type=int, default=10000)
    p.add_argument("--seed", type=int, default=20261130)
    args = p.parse_args()
    rng = random.Random(args.seed)
    ks = kernels(rng, args.kernels)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "random.mlir"), "w") as f:
        f.write("".join(mlir(*k) for k in ks))
    per_kernel = math.ceil(args.cases / len(ks))
    total = 0
    with open(os.path.join(args.out, "cases.txt"), "w") as f:
        for name, t, wt, n, eps in ks:
            kname, hargs, count = case_line(rng, name, t, n, eps, per_kernel)
            total += count
            f.write(kname + " " + " ".join(hargs) + "\n")
    print(f"{len(ks)} kernels, {total} cases (seed {args.seed}) in {args.out}")


if __name__ == "__main__":
    main()
