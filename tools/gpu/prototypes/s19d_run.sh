#!/usr/bin/env bash
# Nineteenth session (s19d), one run with the device time left: the rule
# adopted after s19c (tail-rows-six.patch, `six`: rows with tail elements
# keep at most six whole vectors a thread unless one thread holds the row)
# at the long rows it changes that s19a / s19c did not measure: 16-bit
# 7001 / 8191 / 14337 (128-256 x 7-8 -> 256-512 x 4), f32 7001 / 8191
# (256 x 7-8 -> 512 x 4); f32 14337 is byte-identical (A/A).
# Prediction (six / ours): 0 to +8% (s19c: 64 x 7-8 -> 128 x 4 +3%, 16-32 x
# 7-8 -> 32-64 x 4 +3 to +10%); the A/A within 2%.
# Here, before the call (at 993226c; six = the patch applied):
#   W="7001 8191 14337"
#   git apply tools/gpu/prototypes/tail-rows-six.patch && ninja -C build
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s19d-e tools/gpu/benchmark.sh emit
#   git checkout lib/Transforms/TileRows.cpp && ninja -C build
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s19d-ours tools/gpu/benchmark.sh emit
#   rm -f out/s19d-*/*.h
# There (carry out/s19d-ours, out/s19d-e): bash tools/gpu/prototypes/s19d_run.sh
NAME=${NAME:-s19d} OURS=out/s19d-ours RUNS=${RUNS:-1} \
  CELLS=32768x7001,32768x8191,32768x14337 TIMEOUT=${TIMEOUT:-100} \
  VARIANTS="--variant six=out/s19d-e" \
  exec bash "$(dirname "$0")/s15b_run.sh"
