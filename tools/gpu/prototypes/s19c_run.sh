#!/usr/bin/env bash
# Nineteenth session (s19c), after s19a's first run: rows with tail
# elements keep at most kVectorsPerThreadWithTail (4) whole vectors a thread
# in rownorm-tile-rows' whole-vector / half-thread adjustments (`cap4`,
# tail-rows-cap.patch) against the default, 16 widths x 3 dtypes, 32768
# rows, two runs in one call. s19a had shown (one run): 7 vectors a thread
# in the unaligned copy lose 7-47% to 3-4 (16-bit 229 / 451 / 455 / 777,
# f32 113 / 301 / 451), 4 threads x 5 vectors lose 38-51% at 16-bit 161;
# staged rows are mixed (f32 31 at 1 x 7 is 19% faster than 4 x 2).
# cap4 changes 3,822 of the 6,144 schedules at N = 1..2048 (none of the
# suite's), so the long rows it changes are measured too (901-1797).
# Predictions (cap4 / ours):
#  - unstaged: 16-bit 161 +35-50% (8 x 3), 229 +40-50% (16 x 2), 451 / 777
#    +7-17%; f32 451 +10%; f32 901 / 1541 / 1797 (32-64 x 7-8 -> 64-128 x 4)
#    0 to +10%; 16-bit 901 / 1797 (16-32 x 6-8 -> x 3-4) 0 to
#    +10%; 16-bit 1289 0 to +5%;
#  - staged: f32 31 -10 to -20%, f32 145 about -5%, f32 113 +15-20%, 16-bit
#    119 +10-15%, 16-bit 47 (1 x 5 -> 2 x 3) / 85 (2 x 5 -> 4 x 3) -10 to +5%,
#    16-bit 63 / 113 within 3%;
#  - A/A (13 byte-identical kernels: f32 47 / 63 / 85 / 119 / 229, 16-bit
#    31 / 145 / 223 / 1541) within 2%.
# Here, before the call (at 993226c; cap4 = the patch applied):
#   W="31 47 63 85 113 119 145 161 223 229 451 777 901 1289 1541 1797"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s19c-ours tools/gpu/benchmark.sh emit
#   git apply tools/gpu/prototypes/tail-rows-cap.patch && ninja -C build
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s19c-cap4 tools/gpu/benchmark.sh emit
#   git checkout lib/Transforms/TileRows.cpp && ninja -C build
#   rm -f out/s19c-*/*.h
# There (carry out/s19c-ours, out/s19c-cap4): bash tools/gpu/prototypes/s19c_run.sh
C=$(for n in 31 47 63 85 113 119 145 161 223 229 451 777 901 1289 1541 1797; do
  printf '32768x%s,' $n; done)
NAME=${NAME:-s19c} OURS=out/s19c-ours RUNS=${RUNS:-1 2} CELLS=${C%,} TIMEOUT=${TIMEOUT:-180} \
  VARIANTS="--variant cap4=out/s19c-cap4" \
  exec bash "$(dirname "$0")/s15b_run.sh"
