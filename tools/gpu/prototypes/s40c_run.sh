#!/usr/bin/env bash
# Fortieth session (s40c): the scan's weak cells (s40a / s40b, H100): bf16
# 4000 x 768 at 0.896 of Triton (74.7% of the copy) while f16, the same
# schedule (32 threads x 3 vectors, 4 rows a block, x held), reaches 1.018
# (83.9%); bf16 262144 x 128 0.966-0.972 and f32 131072 x 64 0.954-0.957 of
# torch.compile. Every candidate schedule of those cells, then Nsight
# Compute on bf16 / f16 768 at 4000 rows with the L2 left warm (the graph
# column's condition).
# Here:  BENCH_KERNELS=out/scan BENCH_WIDTHS="64 128 768 1280 1536 2304 3072 5120 8192 12288 16384" \
#          tools/gpu/benchmark.sh emit   (s39d's kernels)
#        tools/gpu/benchmark.sh emit   (out/bench)
#        tools/gpu/schedules.sh emit bf16:4000x768,f16:4000x768,bf16:262144x128,f32:131072x64
# There (carry out/scan, out/bench, out/schedules):
#        OUT=$OUT bash tools/gpu/prototypes/s40c_run.sh
# Prediction: if the cost model's schedule is what bf16 768 lacks, a
# candidate ≥ 5% ahead of it at bf16 and not at f16; if the SASS (bf16's
# widening by shifts, scheduled differently by ptxas), no candidate ahead by
# more than 2% and Nsight shows more instructions or stalls for bf16.
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
# schedules.py compares each candidate with the default kernel in out/bench;
# the scan's widths are not suite widths.
cp -n out/scan/* out/bench/
OUT=$OUT bash tools/gpu/schedules.sh run bf16:4000x768,f16:4000x768,bf16:262144x128,f32:131072x64 2>&1 | tail -50
mkdir -p "$OUT/ns"
OUT=$OUT/ns NCU_EXTRA="--cache-control none" bash tools/gpu/nsight.sh bf16:4000x768,f16:4000x768 out/scan 2>&1 | tail -40
