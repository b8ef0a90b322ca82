#!/usr/bin/env bash
# Twenty-sixth session (s26d): does the staged copy at 16-bit 127 lose to
# the hand-written one (bulk1, 32 registers: 16 blocks a processor, one
# wave of 2048 blocks) by its resident blocks? Nsight (s26c) found ours and
# bulk1 alike in a single launch under ncu (11.7-12.3 k cycles both) and
# the 127 kernels ~8% behind 128 there, against 20-25% in the benchmark's
# graph replay, where a kernel's blocks start while the previous kernel's
# last ones run (launch_overlap) only if they fit beside them.
# Variants: `so` = the staged copy alone (StageRows with the aligned and
# unaligned copies' blocks emptied, an experiment never for main: other
# layouts would run nothing; registers bf16 / f16 / f32 39 / 39 / 45,
# ours 39 / 44 / 47); `so32` = `so` with `.maxnreg 32` on the 16-bit 127
# kernels (maxnreg_variant.py; 16 bytes spilled each).
# Prediction: if resident blocks are the lead, `so32` f16 127 +5 to +8%,
# bf16 +2 to +3% (despite its spills), `so` f16 ~+1% (s23b: 10 -> 12
# blocks), bf16 0; if not, `so32` <= `so` (spills).
# Here: git apply tools/gpu/prototypes/staged-only.patch, ninja,
# rmsnorm-emit out/bench/bench.mlir --target=nvptx -o out/bench-so, the 127 /
# 128 files copied to out/so and out/so32, then
# (cd tools/gpu/prototypes && python3 maxnreg_variant.py ../../../out/so32
#  rms_norm_f16_127=32 rms_norm_bf16_127=32); git checkout lib
# There (carry out/bench, out/so, out/so32): bash tools/gpu/prototypes/s26d_run.sh
NAME=s26d CELLS=32768x127,32768x128 TIMEOUT=90 \
  VARIANTS="--variant so=out/so --variant so32=out/so32" \
  exec bash "$(dirname "${BASH_SOURCE[0]}")/s15b_run.sh"
