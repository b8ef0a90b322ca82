#!/usr/bin/env bash
# Prepared in the twenty-fifth session for the next (s26a, not yet run):
# the sum of squares' additions with `nsz` (sum-of-squares-nsz.patch on
# ExpandOps.cpp; the same change with its lit tests is branch s26a-nsz). A
# sum of squares is never -0.0, so with nsz LLVM drops the additions of
# constant zeros -- the squares of elements past the row, and the
# reduction's +0.0 start -- that today's PTX keeps (`add.rn.f32 x,
# 0f00000000`: 16-bit 127 41 -> 0, 1025 / 4099 25 -> 0, f32 127 18 -> 0,
# 16-bit 4096 / 8192 18 -> 0); no fusion, so unlike s25d's `fma` the order
# of the additions and the registers stay (four kernels change by 1-2
# registers, no spills).
# Prediction: rows whose copy is bound by instruction issue +0 to +1.5%
# (16-bit 127 / 1025 / 4099, f32 127), the rest within the runs' spread
# (+-0.5%); numerics identical up to the sign of a zero sum.
# Here: tools/gpu/benchmark.sh emit at HEAD (out/bench); `git apply
# tools/gpu/prototypes/sum-of-squares-nsz.patch`, ninja -C build,
# out/bench-nsz = rmsnorm-emit out/bench-nsz/bench.mlir --target=nvptx -o
# out/bench-nsz (bench.mlir copied from out/bench); rm -f out/bench*/*.h;
# git checkout lib/Transforms/ExpandOps.cpp
# There (carry out/bench, out/bench-nsz): bash tools/gpu/prototypes/s26a_run.sh
NAME=s26a LABEL=nsz DIR=out/bench-nsz TIMEOUT=80 \
  CELLS=32768x127,32768x128,32768x1025,32768x1024,32768x4099,32768x5120,32768x8192,32768x11008,32768x32768,1x4096,256x8192,4096x16384 \
  exec bash "$(dirname "${BASH_SOURCE[0]}")/variant_run.sh"
