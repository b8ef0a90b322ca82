#!/usr/bin/env bash
# Twentieth session (s20b): the unaligned copy reads a 16-bit weight in
# 4-byte units (`w4`, weight-word-units.patch: one funnel shift per word, no
# word-select stage) instead of 8-byte units (one select stage and the
# funnel shift), against the default, 16-bit rows with tail elements, 32768
# rows, two runs per dtype. Per w vector: 5 selects fewer (ALU), 5 32-bit
# loads instead of 3 64-bit ones (LSU); the s19b profile found the copy
# issue-bound on the ALU pipe. PTX bf16 1025: selp 80 -> 49, registers
# 40 -> 48 (bf16 2051 56 -> 48, 7001 48 -> 52; f16 127 44 -> 39).
# Predictions (w4 / ours): bf16 1025 +2 to +4%, f16 1025 -2 to +3%, 161 /
# 229 / 451 / 777 / 2051 / 4099 0 to +3%, 7001 / 14337 within 1%, 127
# (staged, its unaligned copy only for other strides) within 1%.
# Here, before the call (at 1414b73; w4 = the patch applied):
#   W="127 161 229 451 777 1025 2051 4099 7001 14337"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s20b-ours tools/gpu/benchmark.sh emit
#   git apply tools/gpu/prototypes/weight-word-units.patch && ninja -C build
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s20b-w4 tools/gpu/benchmark.sh emit
#   git checkout lib/Transforms/AlignRows.cpp && ninja -C build
#   rm -f out/s20b-*/*.h
# There (carry out/s20b-ours, out/s20b-w4): bash tools/gpu/prototypes/s20b_run.sh
C=$(for n in 127 161 229 451 777 1025 2051 4099 7001 14337; do
  printf '32768x%s,' $n; done)
NAME=${NAME:-s20b} OURS=out/s20b-ours RUNS=${RUNS:-1 2} CELLS=${C%,} TIMEOUT=${TIMEOUT:-150} \
  DTYPES=${DTYPES:-bf16 f16} VARIANTS="--variant w4=out/s20b-w4" \
  exec bash "$(dirname "$0")/s15b_run.sh"
