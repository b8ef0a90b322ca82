#!/usr/bin/env bash
# Eighteenth session (s18c): flat_rows.cu's second form against ours at the
# cells of s18a, two runs per dtype. s18a measured the first form at 20-60%
# of ours: every vector's squares went to its row's sum by a shared atomic
# add, 32 lanes of a warp on one address. Now a warp adds its lanes' squares
# per row by a segmented scan over shuffles first (one atomic add per row a
# warp touches; the scan's index arithmetic checked on the CPU for every
# width here). Variants: `flat2` (per-vector rsqrt as before), `flat3`
# (-DROW_SCALES=1: a row's scale computed once, one more barrier).
# Predictions: the atomics were the cost, so flat2 reaches the aligned
# kernel's neighbourhood: 16-bit 127 at 85-90% of the copy (ours 73%),
# 1025 at 94-97% (ours 92.5%), f32 127 ~95% (ours 89%); flat3 within 3% of
# flat2 (the rsqrt is one MUFU op a vector).
# Here, before the call (at the commit that added this script, ours as s18a's):
#   W="31 63 127 129 255 257 511 1025"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/bench-s18 tools/gpu/benchmark.sh emit
#   for v in 2 3; do d=out/flat$v-s18
#     python3 tools/gpu/prototypes/bulk_widths.py out/bench-s18 $d flatRows flat_rows
#     nvcc -arch=sm_90 -O3 -cubin -DROW_SCALES=$((v-2)) -DKERNEL_LIST='"kernels.inc"' -I $d \
#       tools/gpu/prototypes/flat_rows.cu -o $d/flat_rows.cubin
#   done
#   rm -f out/bench-s18/*.h out/flat?-s18/*.h
# There (carry out/bench-s18, out/flat2-s18, out/flat3-s18):
#   bash tools/gpu/prototypes/s18c_run.sh
C=32768x31,32768x63,32768x127,32768x129,32768x255,32768x257,32768x511,32768x1025
NAME=${NAME:-s18c} OURS=out/bench-s18 RUNS=${RUNS:-1 2} CELLS=$C \
  VARIANTS="--variant flat2=out/flat2-s18 --variant flat3=out/flat3-s18" \
  exec bash "$(dirname "$0")/s15b_run.sh"
