#!/usr/bin/env bash
# Prepared in the fifteenth session for the next (not run: its device time
# was spent), ~2 min: the 16-bit 16384 kernels holding x packed (variant hp,
# hold-packed-switch.patch) and also loading w with x (hpw, with
# hoist-budget-switch.patch at 32) against ours at 4096 / 8192 / 32768 rows,
# two runs per 16-bit dtype. Prediction: hpw reproduces pipelined_rows.cu's
# hf (s14c, s14e): +1.5-2% at 4096 rows (4096 x 16384 past 97% of the copy),
# +-0.5% at 8192, -1 to -2% at 32768 (bf16; there ours re-reads on purpose);
# hp about half of it.
# Here, before the call:
#   BENCH_WIDTHS=16384 BENCH_KERNELS=out/bench-16k tools/gpu/benchmark.sh emit
#   git apply tools/gpu/prototypes/hold-packed-switch.patch
#   git apply tools/gpu/prototypes/hoist-budget-switch.patch && ninja -C build
#   RMSNORM_HOLD_PACKED=1 BENCH_WIDTHS=16384 BENCH_KERNELS=out/bench-16k-hp tools/gpu/benchmark.sh emit
#   RMSNORM_HOLD_PACKED=1 RMSNORM_HOIST_BUDGET=32 BENCH_WIDTHS=16384 \
#     BENCH_KERNELS=out/bench-16k-hpw tools/gpu/benchmark.sh emit
#   git checkout lib include && ninja -C build; rm -f out/bench-16k*/*.h
# There (carry out/bench-16k, out/bench-16k-hp, out/bench-16k-hpw):
#   bash tools/gpu/prototypes/s16b_run.sh
NAME=${NAME:-s16b} OURS=out/bench-16k DTYPES="bf16 f16" CELLS=4096x16384,8192x16384,32768x16384 \
  VARIANTS="--variant hp=out/bench-16k-hp --variant hpw=out/bench-16k-hpw" \
  exec bash "$(dirname "$0")/s15b_run.sh"
