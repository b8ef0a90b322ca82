#!/usr/bin/env bash
# Forty-third session (s43a): the GPU suite on the kernels of ca4d105 (rows
# within a subgroup: a first kernel that loads w with x, a `_many_rows`
# twin that keeps it late), which no GPU has run yet:
# 1. `harness.sh run checks` on all kernels (chains, the no-wait and
#    negative controls, both error paths, memcheck, racecheck);
# 2. s42d_run.sh without its timing: the sweep on the 42 kernels ca4d105
#    changed or added, and memcheck on four of them.
# Prediction: both pass (the first kernels' PTX is ewF's, which s42b's fp64
# check passed at 90 cells; the twins are the old kernels, byte for byte).
# Here:  tools/gpu/harness.sh emit      (out/sweep, out/negative)
#        mkdir -p out/sweep-h && mv out/sweep/*.h out/sweep-h/   (64 MiB carry)
# There (carry out/sweep, out/negative): OUT=$OUT bash tools/gpu/prototypes/s43a_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
OUT=$OUT bash tools/gpu/harness.sh run checks > "$OUT/checks.txt" 2>&1
echo "checks: exit $?"; tail -12 "$OUT/checks.txt"
S42D_NO_TIMING=1 OUT=$OUT bash tools/gpu/prototypes/s42d_run.sh
