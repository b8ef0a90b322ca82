#!/usr/bin/env bash
# Fifteenth session (s15f): bulk_staged_rows.cu with registers capped for 16
# blocks of 128 threads a processor (-DPROTOTYPE_MIN_BLOCKS=16; bf16 127
# took 40 registers, so 2048 blocks needed 1.3 waves of 12 a processor),
# 1 or 2 sub-tiles (variants mb1 / mb2), beside s15d's bulkw1 (no cap) at
# N = 127 (128 beside it: there the variants are ours), two runs per dtype.
# Here, before the call (S = 1, 2; d = out/bulkmb16s$S):
#   nvcc -arch=sm_90 -O3 -cubin -DPROTOTYPE_MIN_BLOCKS=16 -DSUBTILES=$S \
#     tools/gpu/prototypes/bulk_staged_rows.cu -o $d/bulk_staged_rows.cubin
#   python3 tools/gpu/prototypes/staged_rows_manifests.py out/bench $d bulk_staged_rows $S
#   cp out/bench/rms_norm_{bf16,f16,f32}_128.sm_90.{json,cubin} $d/  (each dtype)
#   and out/bulkw1 as in s15d_run.sh
# There (carry out/bench, out/bulkw1, out/bulkmb16s1, out/bulkmb16s2):
#   bash tools/gpu/prototypes/s15f_run.sh
NAME=s15f CELLS=32768x127,32768x128 \
  VARIANTS="--variant bulkw1=out/bulkw1 --variant mb1=out/bulkmb16s1 --variant mb2=out/bulkmb16s2" \
  exec bash "$(dirname "$0")/s15b_run.sh"
