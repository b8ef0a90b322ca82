#!/usr/bin/env bash
# Prepared in the eighteenth session for the next (~4 min a run: ~73 s per
# dtype, from s18c's 4.3 s a cell with two variants; a second run in a
# second call, RUNS=2):
# tail-rows-subgroup.patch (`sub`: rows with tail elements keep at least a
# subgroup's threads, or the default's if fewer) against the default at 17
# widths x 3 dtypes, 32768 rows; 9 of the 51 kernels are byte-identical in
# both (bf16 / f16 223, f32 63 / 101 / 119 / 229 / 455 / 601 / 777): A/A
# controls.
# Predictions (sub / ours), revised against s17e's unstaged kernels (per-row
# time N / GB/s: bf16 161 at 4 x 5 0.077, 191 at 8 x 3 0.056, 223 / 255 at
# 16 x 2 0.067; f32 161 at 8 x 5 and 223 at 8 x 7 in line with 16 x 3 / 16 x 4
# neighbours), so the harm is seen only at 1-4 threads a row:
#  - 16-bit 161 / 229 (4 threads -> 16, unstaged): +30-80% (bf16 161 from
#    42% of the copy to ~70%); f32 113 (4 -> 16, staged): +10-25%;
#  - 16-bit 145 / 199 (8 x 3 -> 16 x 2): -5 to +5%; 16-bit 301 / 451 / 455
#    (8 -> 16 threads), 601 / 777 (16 -> 32), f32 145-223 (8 -> 16, staged),
#    301 / 451 (16 -> 32): within 5%;
#  - staged 16-bit 31-119 and f32 31 / 47 / 85 (1-8 threads today; fewer
#    rows a block, smaller runs, 32-48 registers instead of 39-118): within
#    10%, sign unknown; bf16 31 / 47 / 63 and f32 31 (1 thread a row today)
#    the likeliest to lose;
#  - the A/A controls within 2%.
# `sub8`: the same rule at a quarter of a subgroup (8 threads on sm_90):
# 16-bit 161 -> 8 x 3 (191's schedule), 229 and f32 113 -> 16 x 2, 8-thread
# schedules kept. Prediction: sub8 >= sub - 3% everywhere, and the rule to
# adopt if the 8 x k kernels match or beat sub's 16 x k ones.
# Here, before the call (at the commit that added this script):
#   W="31 47 63 85 101 113 119 145 161 199 223 229 301 451 455 601 777"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s19a-ours tools/gpu/benchmark.sh emit
#   git apply tools/gpu/prototypes/tail-rows-subgroup.patch && ninja -C build
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s19a-sub tools/gpu/benchmark.sh emit
#   sed -i 's|std::min(threads, subgroup) : 1;|std::min(threads, subgroup / 4) : 1;|' \
#     lib/Transforms/TileRows.cpp && ninja -C build
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s19a-sub8 tools/gpu/benchmark.sh emit
#   git checkout lib/Transforms/TileRows.cpp && rm test/Transforms/tile-rows-tail-threads.mlir
#   ninja -C build
#   rm -f out/s19a-*/*.h
# There (carry out/s19a-ours, out/s19a-sub, out/s19a-sub8):
#   bash tools/gpu/prototypes/s19a_run.sh, then RUNS=2 bash tools/gpu/prototypes/s19a_run.sh
C=$(for n in 31 47 63 85 101 113 119 145 161 199 223 229 301 451 455 601 777; do
  printf '32768x%s,' $n; done)
NAME=${NAME:-s19a} OURS=out/s19a-ours RUNS=${RUNS:-1} CELLS=${C%,} TIMEOUT=${TIMEOUT:-180} \
  VARIANTS="--variant sub=out/s19a-sub --variant sub8=out/s19a-sub8" \
  exec bash "$(dirname "$0")/s15b_run.sh"
