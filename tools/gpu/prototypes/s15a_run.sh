#!/usr/bin/env bash
# Prepared in the fourteenth session, run in the fifteenth (s15a, ~4 min):
# w through the read-only path (weight-readonly-switch.patch, variant wro) against ours on the whole suite, two runs of bf16 and f16,
# one of f32. Prediction: 16-bit 4096 x 16384 +1-2% (hf's lead over the
# compiler's kernel with the same load order, s14f), short rows and small M
# +0-2% (w's vectors from the read-only cache), elsewhere +-0.5%; watch the
# kernels whose registers change (f16 16384: 62 -> 52).
# Here, before the call:
#   tools/gpu/benchmark.sh emit
#   git apply tools/gpu/prototypes/weight-readonly-switch.patch && ninja -C build
#   RMSNORM_W_READONLY=1 BENCH_KERNELS=out/bench-wro tools/gpu/benchmark.sh emit
#   git checkout lib/Conversion/RowNormToGPU/RowNormToGPU.cpp && ninja -C build
#   rm -f out/bench/*.h out/bench-wro/*.h
# There (carry out/bench, out/bench-wro): bash tools/gpu/prototypes/s15a_run.sh
NAME=s15a VARIANT=wro=out/bench-wro exec bash "$(dirname "$0")/s14f_run.sh"
