#!/usr/bin/env bash
# Prepared in the fifteenth session for the next (not run: its device time
# was spent), ~4 min a run: bulk_staged_rows.cu (one sub-tile, the block of
# ours with rows rounded up to whole 16-byte runs: bulk_widths.py) against
# ours on rows of 63 to 2047 elements at 32768 rows, their aligned
# neighbours beside them (there the variant is ours: an A/A control), one
# run per dtype (RUNS="1 2" for two: ~8 min, near the call's limit).
# Prediction (s15c-s15f: 127 +15 to +32%, 1025 -6 to -28%): the variant ahead
# by 15-30% where the cell is judged on the graph column (rows of 63-257
# elements, L2-resident, where ours is issue-bound), behind from about 1023
# (event column: a block's run arrives whole before any work; registers up to
# 167 at f32 2047); 511 / 513 (event column, short rows) between. The
# widths where it wins are what a compiler rule for a staged version would
# be drawn from.
# Here, before the call:
#   BENCH_WIDTHS="63 64 127 128 255 256 257 511 512 513 1023 1024 1025 2047 2048" \
#     BENCH_KERNELS=out/bench-odd tools/gpu/benchmark.sh emit
#   python3 tools/gpu/prototypes/bulk_widths.py out/bench-odd out/bulk-odd
#   nvcc -arch=sm_90 -O3 -cubin -DKERNEL_LIST='"kernels.inc"' -I out/bulk-odd \
#     tools/gpu/prototypes/bulk_staged_rows.cu -o out/bulk-odd/bulk_staged_rows.cubin
#   BENCH_PIPELINE="stage-rows=true" BENCH_WIDTHS="(the same)" \
#     BENCH_KERNELS=out/bench-odd-st tools/gpu/benchmark.sh emit
#   rm -f out/bench-odd/*.h out/bench-odd-st/*.h
# There (carry out/bench-odd, out/bulk-odd, out/bench-odd-st):
#   bash tools/gpu/prototypes/s16a_run.sh
# Variant st: the compiler's form (rownorm-stage-rows, pipeline option
# stage-rows=true; it stages 16-bit 63 / 127 / 255 and f32 63 / 127 here):
# run it only after the GPU suite passed on it (HARNESS_PIPELINE=
# "stage-rows=true" tools/gpu/harness.sh emit, then harness.sh run).
# Prediction for st: as bulk where it stages, less a little (x's last
# partial vector read again from shared memory), ours elsewhere.
C=32768x63,32768x64,32768x127,32768x128,32768x255,32768x256,32768x257,32768x511
C=$C,32768x512,32768x513,32768x1023,32768x1024,32768x1025,32768x2047,32768x2048
NAME=${NAME:-s16a} OURS=out/bench-odd RUNS=${RUNS:-1} CELLS=$C \
  VARIANTS="--variant bulk=out/bulk-odd --variant st=out/bench-odd-st" exec bash "$(dirname "$0")/s15b_run.sh"
