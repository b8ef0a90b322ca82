#!/usr/bin/env bash
# Prepared in the seventeenth session for the next (~2.5 min): registers of
# the staged copy. With rownorm-stage-rows on (the default), kernels of 5-7
# vectors per thread hold x in registers in the staged copy where the
# unstaged copies re-read it: 16-bit 113-119 take 116-118 registers (64
# unstaged), 63 107-109, 41 / 47 / 85 78-90 (a review's finding, seventeenth
# session). Variants: `reread` = stage-reread.patch (x held only where the
# unstaged copies hold it: 72 / 80 / 64 registers), `off` = stage-rows=false.
# Predictions: `reread` +5-15% over ours at 113-119 (occupancy 3 -> 6 blocks
# of 128 threads), within 5% at 63 (ours measured 2.95x off there in s17a);
# ours above `off` everywhere (as at 13-127 in s17a); f32 unchanged
# (identical registers, both variants but `off` the same kernels).
# Here, before the call (emitted at the commit that added this script):
#   W="41 47 63 85 113 117 119"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/bench-s18b tools/gpu/benchmark.sh emit
#   BENCH_PIPELINE="stage-rows=false" BENCH_WIDTHS="$W" \
#     BENCH_KERNELS=out/bench-s18b-off tools/gpu/benchmark.sh emit
#   git apply tools/gpu/prototypes/stage-reread.patch && ninja -C build
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/bench-s18b-reread tools/gpu/benchmark.sh emit
#   git checkout lib/Conversion/RowNormToGPU/StageRows.cpp && ninja -C build
#   rm -f out/bench-s18b*/*.h
# There (carry out/bench-s18b, out/bench-s18b-reread, out/bench-s18b-off):
#   bash tools/gpu/prototypes/s18b_run.sh
C=32768x41,32768x47,32768x63,32768x85,32768x113,32768x117,32768x119
NAME=${NAME:-s18b} OURS=out/bench-s18b RUNS=${RUNS:-1} CELLS=$C \
  VARIANTS="--variant reread=out/bench-s18b-reread --variant off=out/bench-s18b-off" \
  exec bash "$(dirname "$0")/s15b_run.sh"
