#!/usr/bin/env bash
# Twenty-first session (s21d): 16-bit rows of 201-255 elements. `ours` is
# the working tree with even 16-bit rows staged up to 256 elements (s21a
# measured 202 and the widths of N = 6 mod 8: +21 to +28%); `old` the
# default before it (0179855); `t8` ours with 8 threads x 4 vectors, 16
# rows a block (s21a: odd 207 +6-7%, 215 +1-3%).
# Predictions: old / ours at N = 4 mod 8 (204 ... 252) and 2 mod 8 (210,
# 218) 0.78-0.85 (ours +18-28%, as at 202-254 in s21a); odd N identical
# kernels (A/A within 1%); t8 / ours at odd N +0 to +8%, at even N (staged
# 8 x 4 against staged 16 x 2) -5 to +5%.
# Here, before the call:
#   W="201 204 209 210 212 218 220 223 228 231 236 239 244 247 252 255"
#   (at 0179855) BENCH_WIDTHS="$W" BENCH_KERNELS=out/s21d-old tools/gpu/benchmark.sh emit
#   (working tree) BENCH_WIDTHS="$W" BENCH_KERNELS=out/s21d-ours tools/gpu/benchmark.sh emit
#   BENCH_PIPELINE="threads-per-row=8 rows-per-block=16" BENCH_WIDTHS="$W" \
#     BENCH_KERNELS=out/s21d-t8 tools/gpu/benchmark.sh emit
#   rm -f out/s21d-*/*.h
# There (carry out/s21d-ours, out/s21d-old, out/s21d-t8): bash tools/gpu/prototypes/s21d_run.sh
C=$(for n in 201 204 209 210 212 218 220 223 228 231 236 239 244 247 252 255; do
  printf '32768x%s,' $n; done)
NAME=${NAME:-s21d} OURS=out/s21d-ours RUNS=${RUNS:-1 2} CELLS=${C%,} TIMEOUT=${TIMEOUT:-200} \
  DTYPES=${DTYPES:-bf16 f16} VARIANTS="--variant old=out/s21d-old --variant t8=out/s21d-t8" \
  exec bash "$(dirname "$0")/s15b_run.sh"
