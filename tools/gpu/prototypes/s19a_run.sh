#!/usr/bin/env bash
# Prepared in the eighteenth session for the next (~6 min, two runs):
# tail-rows-subgroup.patch (`sub`: rows with tail elements keep at least a
# subgroup's threads, or the default's if fewer) against the default at 17
# widths x 3 dtypes, 32768 rows; 9 of the 51 kernels are byte-identical in
# both (bf16 / f16 223, f32 63 / 101 / 119 / 229 / 455 / 601 / 777): A/A
# controls.
# Predictions (sub / ours):
#  - unstaged tail rows going from <= 8 threads to 16 (16-bit 145, 161, 199,
#    229; f32 113 staged and unstaged alike): +30-80% (bf16 161 from 42% of
#    the copy to ~75%);
#  - 16-bit 301 / 455 (8 -> 16 threads), 601 / 777 (16 -> 32), f32 301 /
#    451 (16 -> 32): +5-20%;
#  - staged kernels (16-bit 31-119, f32 31-223; fewer rows a block, smaller
#    runs, 44-48 registers instead of 56-117): within 10% either way, sign
#    unknown; bf16 31 / 47 / 63 (1 thread a row today) the likeliest to lose;
#  - the A/A controls within 2%.
# Here, before the call (at the commit that added this script):
#   W="31 47 63 85 101 113 119 145 161 199 223 229 301 451 455 601 777"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s19a-ours tools/gpu/benchmark.sh emit
#   git apply tools/gpu/prototypes/tail-rows-subgroup.patch && ninja -C build
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s19a-sub tools/gpu/benchmark.sh emit
#   git checkout lib/Transforms/TileRows.cpp && ninja -C build
#   rm -f out/s19a-*/*.h
# There (carry out/s19a-ours, out/s19a-sub): bash tools/gpu/prototypes/s19a_run.sh
C=$(for n in 31 47 63 85 101 113 119 145 161 199 223 229 301 451 455 601 777; do
  printf '32768x%s,' $n; done)
NAME=${NAME:-s19a} OURS=out/s19a-ours RUNS=${RUNS:-1 2} CELLS=${C%,} \
  VARIANTS="--variant sub=out/s19a-sub" \
  exec bash "$(dirname "$0")/s15b_run.sh"
