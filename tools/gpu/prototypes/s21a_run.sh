#!/usr/bin/env bash
# Prepared in the twentieth session for the next (s21a): 16-bit rows of
# 201-256 elements with tail elements. s20c staged bf16 / f16 222 at +24 to
# +29% (the default, unstaged 16 x 2, is 0.81-0.84x torch.compile there)
# while odd 207 / 215 (also 16 x 2) were -4 to +2.5%; s17e had odd 223 /
# 255 / 257 -1.5 to -10%. Even rows are whole 32-bit words, so every row of
# a staged run starts on a word in the buffer. And 207 / 215 lose to
# torch.compile staged or not (0.90-0.97x): is it their 16 x 2 (5-7 of 32
# slots empty)? Variants:
#   even = prototypes/stage-even-rows.patch (even 16-bit rows staged up to
#          256 elements; odd ones keep the limit of 200)
#   t8   = schedule override 8 threads x 4 vectors, 16 rows a block
# Predictions (variant / ours): even +15-30% at even N 202-254, odd N
# identical kernels (A/A within 1%); t8 at 207 / 215 -5 to +10%, elsewhere
# -10 to +5%.
# Here, before the call (at the commit that added this script):
#   W="202 206 207 214 215 222 230 238 246 254"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s21a-ours tools/gpu/benchmark.sh emit
#   git apply tools/gpu/prototypes/stage-even-rows.patch && ninja -C build
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s21a-even tools/gpu/benchmark.sh emit
#   git checkout lib/Conversion/RowNormToGPU/StageRows.cpp && ninja -C build
#   BENCH_PIPELINE="threads-per-row=8 rows-per-block=16" BENCH_WIDTHS="$W" \
#     BENCH_KERNELS=out/s21a-t8 tools/gpu/benchmark.sh emit
#   rm -f out/s21a-*/*.h
# (bf16 there: ours 16 x 2, 40 registers; even: the even widths staged, 39;
# t8: 8 x 4, 48.)
# There (carry out/s21a-ours, out/s21a-even, out/s21a-t8): bash tools/gpu/prototypes/s21a_run.sh
C=$(for n in 202 206 207 214 215 222 230 238 246 254; do
  printf '32768x%s,' $n; done)
NAME=${NAME:-s21a} OURS=out/s21a-ours RUNS=${RUNS:-1 2} CELLS=${C%,} TIMEOUT=${TIMEOUT:-200} \
  DTYPES=${DTYPES:-bf16 f16} VARIANTS="--variant even=out/s21a-even --variant t8=out/s21a-t8" \
  exec bash "$(dirname "$0")/s15b_run.sh"
