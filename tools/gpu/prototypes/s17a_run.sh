#!/usr/bin/env bash
# Prepared in the sixteenth session for the next (~3 min): rownorm-stage-rows
# as it stands after the review (bf11d88: w during the copy, 16-bit words,
# y's rows in a second region) against ours and the prototype on short odd
# rows at 32768 rows, one run per dtype (RUNS="1 2" for two): what the row
# limit should be.
#   st:   stage-rows=true (rows <= 512 bytes: 16-bit 13-255, f32 13-127)
#   stw:  stage-rows=true with stage-limit-switch.patch at
#         RMSNORM_STAGE_MAX_ROW_BYTES=1032 (also f32 255 / 257, 16-bit 257 /
#         511)
#   bulk: bulk_staged_rows.cu, one sub-tile, ours' blocks (bulk_widths.py)
# Predictions (s16a, s16f): st over ours 3x at 16-bit 63, +17-18% at
# 16-bit 127, +6% at f32 127, -1 to -5% at 16-bit 255 (the second region
# costs nothing measurable: it changes no instruction); 13 / 31 like 63 (the
# unaligned copy is issue-bound there); stw at f32 255 / 257 +5 to +10%
# (the prototype +13 to +16%), at 16-bit 257 -10 to -20% (prototype
# -18 to -21%), 511 within 5%.
# Here, before the call (all three folders emitted at bf11d88):
#   W="13 31 63 127 255 257 511"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/bench-s17 tools/gpu/benchmark.sh emit
#   BENCH_PIPELINE="stage-rows=true" BENCH_WIDTHS="$W" \
#     BENCH_KERNELS=out/bench-s17-st tools/gpu/benchmark.sh emit
#   python3 tools/gpu/prototypes/bulk_widths.py out/bench-s17 out/bulk-s17
#   nvcc -arch=sm_90 -O3 -cubin -DKERNEL_LIST='"kernels.inc"' -I out/bulk-s17 \
#     tools/gpu/prototypes/bulk_staged_rows.cu -o out/bulk-s17/bulk_staged_rows.cubin
#   git apply tools/gpu/prototypes/stage-limit-switch.patch && ninja -C build
#   RMSNORM_STAGE_MAX_ROW_BYTES=1032 BENCH_PIPELINE="stage-rows=true" BENCH_WIDTHS="$W" \
#     BENCH_KERNELS=out/bench-s17-stw tools/gpu/benchmark.sh emit
#   git checkout lib/Conversion/RowNormToGPU/StageRows.cpp && ninja -C build
#   rm -f out/bench-s17*/*.h out/bulk-s17/*.h
# There (carry out/bench-s17, out/bench-s17-st, out/bench-s17-stw,
# out/bulk-s17): bash tools/gpu/prototypes/s17a_run.sh
C=32768x13,32768x31,32768x63,32768x127,32768x255,32768x257,32768x511
NAME=${NAME:-s17a} OURS=out/bench-s17 RUNS=${RUNS:-1} CELLS=$C \
  VARIANTS="--variant st=out/bench-s17-st --variant stw=out/bench-s17-stw --variant bulk=out/bulk-s17" \
  exec bash "$(dirname "$0")/s15b_run.sh"
