#!/usr/bin/env bash
# Seventeenth session (s17e, ~2.5 min): where staging stops paying between
# 128 elements (the default limit since 624dd66) and 257, bf16 and f32 at
# 32768 rows, one run. Variant `wide`: the default pipeline with the limit
# raised to 384 elements (a local edit of kMaxStagedRowElements, not
# committed); ours = the default (nothing staged above 128).
# Predictions (s17a: f32 255 +15.5%, 257 +12%; bf16 255 -1.6%, 257 -8.9%):
# f32 gains 10-15% at every width 129-257 and little at 383 (1532 bytes,
# past L2 residency); bf16 gains shrink with N, even near 191, a loss by
# 223-257.
# Here, before the call:
#   W="129 161 191 223 255 257 383"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/bench-s17e tools/gpu/benchmark.sh emit
#   sed -i 's/kMaxStagedRowElements = 128;/kMaxStagedRowElements = 384;/' \
#     lib/Conversion/RowNormToGPU/StageRows.cpp && ninja -C build
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/bench-s17e-wide tools/gpu/benchmark.sh emit
#   git checkout lib/Conversion/RowNormToGPU/StageRows.cpp && ninja -C build
#   rm -f out/bench-s17e*/*.h
# There (carry out/bench-s17e, out/bench-s17e-wide):
#   bash tools/gpu/prototypes/s17e_run.sh
C=32768x129,32768x161,32768x191,32768x223,32768x255,32768x257,32768x383
NAME=${NAME:-s17e} OURS=out/bench-s17e RUNS=${RUNS:-1} DTYPES=${DTYPES:-bf16 f32} CELLS=$C \
  VARIANTS="--variant wide=out/bench-s17e-wide" \
  exec bash "$(dirname "$0")/s15b_run.sh"
