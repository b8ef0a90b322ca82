#!/usr/bin/env bash
# Eighteenth session (s18d): is N = 1025's gap (16-bit 91-92% of the copy,
# adjacency limit ~96%) the schedule's or the unaligned copy's? The default
# (bf16 32 threads x 4 rows x 4 vectors; f32 64 x 2 x 4) against schedule
# overrides and cache hints, N = 1024 as the aligned control, two runs.
# Variants: t64 (threads-per-row=64 rows-per-block=2), t128 (128 x 1), r8
# (32 x 8), hints (cache-hints=all).
# Prediction: no variant moves 16-bit 1025 by more than 3% (the form's cost:
# scalar heads and tails, w read at each row's phase), t128 loses 3-8%
# (a block-wide reduction); 1024 unchanged except t128 / hints -1 to -3%.
# Here, before the call (at the commit that added this script):
#   W="1024 1025"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s18d-ours tools/gpu/benchmark.sh emit
#   for v in "t64:threads-per-row=64 rows-per-block=2" "t128:threads-per-row=128 rows-per-block=1" \
#            "r8:threads-per-row=32 rows-per-block=8" "hints:cache-hints=all"; do
#     BENCH_PIPELINE="${v#*:}" BENCH_WIDTHS="$W" BENCH_KERNELS=out/s18d-${v%%:*} \
#       tools/gpu/benchmark.sh emit
#   done
#   rm -f out/s18d-*/*.h
# There (carry out/s18d-ours, out/s18d-t64, out/s18d-t128, out/s18d-r8, out/s18d-hints):
#   bash tools/gpu/prototypes/s18d_run.sh
NAME=${NAME:-s18d} OURS=out/s18d-ours RUNS=${RUNS:-1 2} CELLS=32768x1024,32768x1025 \
  VARIANTS="--variant t64=out/s18d-t64 --variant t128=out/s18d-t128 --variant r8=out/s18d-r8 --variant hints=out/s18d-hints" \
  exec bash "$(dirname "$0")/s15b_run.sh"
