#!/usr/bin/env bash
# Prepared in the seventeenth session for the next (~2.5 min): flat_rows.cu
# (a block's contiguous run read and written as aligned 16-byte vectors
# straight from global memory, per-row sums by shared atomic adds, w laid
# out twice in shared memory; no staging of x or y) against ours (the
# default: rownorm-stage-rows at N <= 128) on odd widths at 32768 rows, one
# run per dtype.
# Predictions: at 16-bit 127 flat reaches 85-90% of the copy (ours staged
# 72%): the global accesses are the aligned kernel's, the added work two
# barriers, two shared atomics and five shared word reads a vector; at
# 255 / 257 / 511 flat +10-20% over ours (unstaged); at 1025 (16-bit, ours
# 91% of the copy, adjacency limit ~96%) flat 94-97%; f32 127 ~95% (ours
# 87%); at 31 / 63 (one thread per row in ours' block, 128 rows a block)
# within 10% of ours either way.
# Here, before the call (emitted at 2dba8d6 + this change):
#   W="31 63 127 129 255 257 511 1025"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/bench-s18 tools/gpu/benchmark.sh emit
#   python3 tools/gpu/prototypes/bulk_widths.py out/bench-s18 out/flat-s18 flatRows flat_rows
#   nvcc -arch=sm_90 -O3 -cubin -DKERNEL_LIST='"kernels.inc"' -I out/flat-s18 \
#     tools/gpu/prototypes/flat_rows.cu -o out/flat-s18/flat_rows.cubin
#   rm -f out/bench-s18/*.h out/flat-s18/*.h
# There (carry out/bench-s18, out/flat-s18): bash tools/gpu/prototypes/s18a_run.sh
C=32768x31,32768x63,32768x127,32768x129,32768x255,32768x257,32768x511,32768x1025
NAME=${NAME:-s18a} OURS=out/bench-s18 RUNS=${RUNS:-1} CELLS=$C \
  VARIANTS="--variant flat=out/flat-s18" \
  exec bash "$(dirname "$0")/s15b_run.sh"
