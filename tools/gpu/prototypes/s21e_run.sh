#!/usr/bin/env bash
# Twenty-first session (s21e): rownorm-tile-rows' `staged-rows` (rows that
# rownorm-stage-rows stages take half the threads where the half leaves no
# more vector slots empty; set by the GPU pipelines with stage-rows).
# `ours` = the working tree; `base` = the same with the option off
# (gpuTiling.stagedRows = false in lib/Pipelines/Pipelines.cpp), i.e. even
# 16-bit rows staged to 256 at 16 x 2. Changed schedules: 16-bit 105-127
# (8 x 2 -> 4 x 4, 16 -> 32 rows a block), even 202-254 (16 x 2 -> 8 x 4),
# f32 53-63 (8 x 2 -> 4 x 4), 101-127 (16 x 2 -> 8 x 4), 165-191 (16 x 3 ->
# 8 x 6); the other cells run here are A/A controls (16-bit 101 / 191, f32
# 230: identical cubins).
# Predictions (ours / base): 16-bit 202-254 +10-17% (s21d's t8 on the same
# staged rows); 16-bit 105-127 +3 to +10% (staged rows were 6-12% slower
# with more threads, s19a); f32 101-127 0 to +10%, 165-191 -5 to +10%, 53-63
# 0 to +10%; A/A within 1.5%.
# Here, before the call:
#   W="105 111 119 127 202 230 254 55 63 101 113 167 179 191"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s21e-ours tools/gpu/benchmark.sh emit
#   (with gpuTiling.stagedRows = false) BENCH_WIDTHS="$W" BENCH_KERNELS=out/s21e-base tools/gpu/benchmark.sh emit
#   rm -f out/s21e-*/*.h
# There (carry out/s21e-ours, out/s21e-base): bash tools/gpu/prototypes/s21e_run.sh
D="$(dirname "$0")"
cells() { local c; c=$(for n in "$@"; do printf '32768x%s,' $n; done); echo "${c%,}"; }
NAME=s21e16 OURS=out/s21e-ours RUNS="1 2" CELLS=$(cells 105 111 119 127 202 230 254 101 191) \
  DTYPES="bf16 f16" VARIANTS="--variant base=out/s21e-base" bash "$D/s15b_run.sh"
NAME=s21e32 OURS=out/s21e-ours RUNS="1 2" CELLS=$(cells 55 63 101 113 127 167 179 191 230) \
  DTYPES="f32" VARIANTS="--variant base=out/s21e-base" bash "$D/s15b_run.sh"
