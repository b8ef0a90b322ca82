#!/usr/bin/env python3
"""The randomized GPU numerics run: random kernels and random harness cases.

  random_cases.py OUT [--kernels 300] [--cases 10000] [--seed S]

writes OUT/random.mlir (the kernels, for rmsnorm-emit) and OUT/cases.txt
(one line per harness call: kernel name, then rmsnorm-harness options).
Everything is drawn from one seeded generator, so a seed names the run.

Kernels: dtype f32/f16/bf16; weight dtype the same (60%) or f32 (the two
the verifier allows); N log-uniform from 1 to the dtype's maximum, plus the
maximum itself and N < 64 often, a multiple of 8 often (whole 16-byte
vectors in every type: where a kernel for many rows exists, random.sh runs
it too); epsilon a launch parameter (75%) or built in at a random value.
The source's form: M and both row strides given at launch (the benchmark's
and PyTorch's form, 60%); strides fixed at N (`memref<?xNxT>`) or at a
random S > N; M fixed (with strides at launch, or fixed at N); or x and y
one buffer (in place). Cases: random M (log-uniform, M x N capped so the
fp64 check stays cheap; the kernel's own M where it fixes one), strides n /
aligned / misaligned / a random S >= n (none where the kernel fixes them),
input classes normal, large, zero-rows, subnormal, non-finite, overflow,
random epsilons and seeds. Each harness call runs every (rows, stride,
inputs) combination of its line; the harness checks each with the project's
numerics reference and prints one PASS/FAIL line per case.
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


# The source's forms, with their shares of the kernels after the first three
# (which are "launch"): what M and the row strides the source fixes.
FORMS = [("launch", 0.60), ("fixed-n", 0.12), ("fixed-s", 0.05),
         ("static-m", 0.10), ("static-m-fixed-n", 0.06), ("in-place", 0.07)]


def max_rows(n):
    return max(1, min(65536, ELEMENTS_PER_CASE // n))


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
            if rng.random() < 0.3:  # whole 16-byte vectors, as model widths are
                n = min(MAX_N[t], -(-n // 8) * 8)
        eps = None if rng.random() < 0.75 else float(f"{10 ** rng.uniform(-8, -1):.3g}")
        form = "launch" if i < 3 else rng.choices(
            [f for f, _ in FORMS], weights=[w for _, w in FORMS])[0]
        rows = "?"
        if form.startswith("static-m"):
            rows = log_uniform(rng, 1, max_rows(n))
        stride = n + rng.randint(1, 300) if form == "fixed-s" else None
        out.append((f"r{i:03d}_{t}_{wt}_{n}", t, wt, n, eps, form, rows, stride))
    return out


def mlir(name, t, wt, n, eps, form, m, stride):
    if form in ("fixed-n", "static-m-fixed-n"):
        rows = f"memref<{m}x{n}x{t}>"
    elif form == "fixed-s":
        rows = f"memref<{m}x{n}x{t}, strided<[{stride}, 1]>>"
    else:
        rows = f"memref<{m}x{n}x{t}, strided<[?, 1]>>"
    weight = f"memref<{n}x{wt}>"
    buffers = ["%xy"] * 2 if form == "in-place" else ["%x", "%y"]
    params = [f"{buffers[0]}: {rows}", f"%w: {weight}"]
    if form != "in-place":
        params.append(f"{buffers[1]}: {rows}")
    if eps is None:
        params.append("%eps: f32")
        epsilon = "epsilon(%eps)"
    else:
        epsilon = f"{{epsilon = {eps:e} : f32}}"
    return (f"func.func @{name}({', '.join(params)}) {{\n"
            f"  rownorm.rms_norm ins({buffers[0]} : {rows}) weight(%w : {weight}) "
            f"outs({buffers[1]} : {rows}) {epsilon}\n  return\n}}\n")


def case_line(rng, name, t, n, eps, form, m, per_kernel):
    """One harness call of about `per_kernel` cases."""
    max_m = max_rows(n)
    inputs = rng.sample([c for c in INPUTS if not (t == "f16" and c == "overflow")],
                        rng.randint(1, 3))
    strides = []
    if form not in ("fixed-n", "fixed-s", "static-m-fixed-n"):  # else compiled in
        for kind in rng.sample(["n", "aligned", "misaligned", "S"], rng.randint(1, 3)):
            strides.append(str(n + rng.randint(1, 300)) if kind == "S" else kind)
    kinds = max(1, len(strides))
    if m != "?":
        ms = [m]  # the only M the kernel serves
    else:
        rows = max(1, math.ceil(per_kernel / (len(inputs) * kinds)))
        ms = sorted({log_uniform(rng, 1, max_m) for _ in range(rows)} | {rng.choice([1, max_m])})
        while len(ms) * len(inputs) * kinds < per_kernel and len(ms) < max_m:
            ms = sorted(set(ms) | {rng.randint(1, max_m)})
    args = ["--rows", ",".join(map(str, ms))]
    if strides:
        args += ["--strides", ",".join(strides)]
    args += ["--inputs", ",".join(inputs), "--seed", str(rng.randrange(1 << 31))]
    if eps is None:
        args += ["--epsilon", f"{10 ** rng.uniform(-9, 0):.3g}"]
    return name, args, len(ms) * len(inputs) * kinds


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
        for name, t, wt, n, eps, form, m, _ in ks:
            kname, hargs, count = case_line(rng, name, t, n, eps, form, m, per_kernel)
            total += count
            f.write(kname + " " + " ".join(hargs) + "\n")
    forms = ", ".join(f"{f} {sum(k[5] == f for k in ks)}" for f, _ in FORMS)
    print(f"{len(ks)} kernels ({forms}), {total} cases (seed {args.seed}) in {args.out}")


if __name__ == "__main__":
    main()
