#!/usr/bin/env bash
# Twenty-first session (s22a): odd 16-bit rows of 201-255 elements, unstaged
# 16 x 2 by default (0.91-1.01x torch.compile in s21d), staged up to 256
# elements (`odd` = prototypes/stage-odd-rows.patch), where rownorm-tile-rows'
# staged ties give them 8 x 4. s20c measured odd 207 / 215 staged at 16 x 2:
# -2 to -4% (bf16), +2.5% (f16); s21d unstaged 8 x 4 (bf16): 201 +12%, 207
# +7%, 209 +4.5%, 215 +1-3%, 223 0, 231-255 -2 to -5%; staged even rows gained
# 8-17% more from 8 x 4 than from 16 x 2 (s21e).
# Prediction (odd / ours): +5 to +15% at 201-255; 254 (identical kernels)
# A/A within 1%.
# Here, before the call (at a6e0ffc):
#   W="201 207 209 215 223 231 239 247 255 254"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s22a-ours tools/gpu/benchmark.sh emit
#   git apply tools/gpu/prototypes/stage-odd-rows.patch && ninja -C build
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s22a-odd tools/gpu/benchmark.sh emit
#   git checkout include/rmsnorm/Target/TargetInfo.h && ninja -C build
#   rm -f out/s22a-*/*.h
# (odd: 64 registers bf16, 71 f16, 12.9-16.4 KB of shared memory, no spill.)
# There (carry out/s22a-ours, out/s22a-odd): bash tools/gpu/prototypes/s22a_run.sh
C=$(for n in 201 207 209 215 223 231 239 247 255 254; do printf '32768x%s,' $n; done)
NAME=${NAME:-s22a} OURS=out/s22a-ours RUNS=${RUNS:-1 2} CELLS=${C%,} TIMEOUT=${TIMEOUT:-150} \
  DTYPES=${DTYPES:-bf16 f16} VARIANTS="--variant odd=out/s22a-odd" \
  exec bash "$(dirname "$0")/s15b_run.sh"
