#!/usr/bin/env bash
# Fifteenth session (s15d): bulk_staged_rows.cu with y written to shared
# memory in 32-bit words (WORD_STORES=1, the default since s15c; variants
# bulkw1 / bulkw2: 1 or 2 sub-tiles) against s15c's element stores (bulk1)
# at N = 127 / 1025, the aligned 128 beside them; two runs per dtype.
# Here, before the call: s15b_run.sh's steps for out/bulk1 (with
# -DWORD_STORES=0: s15c's kernels), then the same for out/bulkw1 and
# out/bulkw2 (SUBTILES 1, 2) without -DWORD_STORES=0.
# There (carry out/bench, out/bulk1, out/bulkw1, out/bulkw2):
#   bash tools/gpu/prototypes/s15d_run.sh
NAME=s15d CELLS=32768x127,32768x128,32768x1025 \
  VARIANTS="--variant bulk1=out/bulk1 --variant bulkw1=out/bulkw1 --variant bulkw2=out/bulkw2" \
  exec bash "$(dirname "$0")/s15b_run.sh"
