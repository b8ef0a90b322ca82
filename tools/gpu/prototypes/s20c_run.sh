#!/usr/bin/env bash
# Twentieth session (s20c): 16-bit rows of 129-222 elements staged through
# shared memory (rownorm-stage-rows' 16-bit limit 128 -> 222), against the
# default (unstaged there since 1414b73's floor: 8 x 2 at 129, 8 x 3 at
# 137-199, 16 x 2 at 207-222), 32768 rows, two runs per dtype. s17e (bf16,
# one run, against the schedules of then) had staged 129 +27%, 161 +75% (4
# x 5 unstaged then), 191 +14%, 223 -3%: the staged kernel ran at 3200-3900
# GB/s at every width. Variants: `st222` = stage-limit-222.patch (the floor
# follows the limit, so 161-167 go back to 4 x 5, now staged: 78-89
# registers); `st222f` = stage-limit-222-floor.patch (the same limit, the
# floor kept above 128: 161-167 staged at 8 x 3, 56 registers).
# Predictions (variant / ours): 129 +20-27%, 137-191 +5-20%, 161 / 167
# st222 +5-15%, st222f 0-10% above st222; 199-222 -5 to +5%; f32 kernels
# unchanged (not run).
# Here, before the call (at 1414b73):
#   W="129 137 145 153 161 167 175 183 191 199 207 215 222"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s20c-ours tools/gpu/benchmark.sh emit
#   for v in st222 st222f; do
#     p=tools/gpu/prototypes/stage-limit-${v#st}.patch; [ $v = st222f ] && p=tools/gpu/prototypes/stage-limit-222-floor.patch
#     git apply $p && ninja -C build
#     BENCH_WIDTHS="$W" BENCH_KERNELS=out/s20c-$v tools/gpu/benchmark.sh emit
#     git checkout lib && ninja -C build
#   done
#   rm -f out/s20c-*/*.h
# There (carry out/s20c-ours, out/s20c-st222, out/s20c-st222f): bash tools/gpu/prototypes/s20c_run.sh
C=$(for n in 129 137 145 153 161 167 175 183 191 199 207 215 222; do
  printf '32768x%s,' $n; done)
NAME=${NAME:-s20c} OURS=out/s20c-ours RUNS=${RUNS:-1 2} CELLS=${C%,} TIMEOUT=${TIMEOUT:-200} \
  DTYPES=${DTYPES:-bf16 f16} VARIANTS="--variant st222=out/s20c-st222 --variant st222f=out/s20c-st222f" \
  exec bash "$(dirname "$0")/s15b_run.sh"
