#!/usr/bin/env bash
# Twenty-eighth session (s28e): full occupancy asked of ptxas where it
# costs no spills. `occ0` = the six suite kernels that min_blocks_variant.py
# --full brings to every resident block without spilling (bf16 128 / 2048 /
# 4096 / 8192 and f16 128 at 40 / 36 -> 32 registers, f32 512 38 -> 32),
# their kernels for many rows unchanged; the other kernels of the cells
# copied unchanged (A/A). One run per dtype (the session's device time
# nearly spent).
# Prediction: f32 512 +2% (s28d's `pfoff` reached 32 registers and gained
# 2.2%); the 16-bit kernels within +-1.5% (s8a / s23b: more blocks did not
# pay on the short rows), bf16 4096 x 4096 and 4096 x 8192 (few rows'
# kernels) 0 to +2%.
# Here: tools/gpu/benchmark.sh emit; cp -r out/bench out/occ;
# (cd tools/gpu/prototypes && python3 min_blocks_variant.py ../../../out/occ --full);
# the six kernels with no spills copied to out/occ0, then every other
# kernel of the cells' widths (many-rows kernels too) from out/bench;
# rm -f out/*/*.h
# There (carry out/bench, out/occ0): bash tools/gpu/prototypes/s28e_run.sh
# The twenty-ninth session's rerun (s29a), two runs per dtype:
#   NAME=s29a RUNS="1 2" bash tools/gpu/prototypes/s28e_run.sh
NAME=${NAME:-s28e} PAIRS="occ0=out/occ0" TIMEOUT=75 RUNS=${RUNS:-1} \
  CELLS=32768x128,32768x512,32768x2048,4096x4096,4096x8192 \
  exec bash "$(dirname "${BASH_SOURCE[0]}")/variant_run.sh"
