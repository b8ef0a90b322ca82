#!/usr/bin/env bash
# Twenty-ninth session (s29c): the aligned copy alone again (s8b's `al`,
# `aligned_only_variant.py`), on today's lowering and at the cells that
# miss a rule. s8b (2026-12-01) measured it before the early weight loads,
# hoisting, staging and overlapped launches: 16-bit 128 +4-5%, 256 x 4096
# +4.5-6%, f16 16384 +2%, but 4096 x 1024 -12% and 16-bit 32768 -5%, so
# "two kernels chosen at launch by alignment" was not built. The variant is
# valid only where every row is 16-byte aligned: the harness runs it at
# strides n and aligned only (n is aligned for every changed kernel).
# Prediction: 16-bit 128 +3 to +5%, 256 x 8192 +2 to +4%, 16-bit 512 0 to
# +1% (32 registers either way), 7168 / 8192 / 11008 (kernels for many
# rows 54-64 -> 32-40 registers) -2 to +2%, 16-bit 32768 -2 to -5%, f32
# 32768 x 32768 0 (98 registers either way), bf16 2880 -1 to +1%.
# Here: tools/gpu/benchmark.sh emit; cp -r out/bench out/al;
#   rm -f out/al/*.h; python3 tools/gpu/prototypes/aligned_only_variant.py out/al
# There (carry out/bench, out/al): bash tools/gpu/prototypes/s29c_run.sh
# (16-bit only by default: the ten-minute limit of a call; DTYPES=f32 for f32)
NAME=s29c PAIRS="al=out/al" STRIDES=n,aligned TIMEOUT=130 RUNS="1 2" \
  DTYPES="${DTYPES:-bf16 f16}" \
  CELLS=32768x128,32768x512,32768x2880,32768x7168,32768x8192,32768x11008,32768x32768,4096x16384,256x8192 \
  exec bash "$(dirname "${BASH_SOURCE[0]}")/variant_run.sh"
