#!/usr/bin/env bash
# Twenty-ninth session (s29b): torch.compile's access unit at the long rows
# it leads (s23c: Inductor's loops at 16-bit 7168 / 11008 move 8 bytes a
# thread a pass over 512 threads a row), made by our compiler with the
# schedule overridden (never a default; no kernel for many rows):
#   v4t512  vector-width=4 threads-per-row=512 rows-per-block=1
#           (16-bit: 8-byte units, 3.5 / 4 / 5.4 a thread at 7168 / 8192 / 11008)
#   v4t256  vector-width=4 threads-per-row=256 rows-per-block=2
#   v8t512  threads-per-row=512 rows-per-block=1 (16-byte units, the
#           peer's thread count at 8192)
# against ours (the default kernels, the kernels for many rows at 32768
# rows), two runs per dtype.
# Prediction: no lead: v8t512 16-bit 8192 -1 to +1% (s4 `r`: 512 x 2
# re-read -2.5 / -1.4%), v4t512 7168 -2 to +1%, 8192 -3 to 0% (twice the
# loads and stores), v4t256 -2 to 0%; f32 (16-byte units already) -2 to 0%.
# Here: for each label L with options O,
#   BENCH_KERNELS=out/L BENCH_WIDTHS="7168 8192 11008" BENCH_PIPELINE="O" \
#     tools/gpu/benchmark.sh emit
#   (and tools/gpu/benchmark.sh emit for out/bench); rm -f out/*/*.h
# There (carry out/bench, out/v4t512, out/v4t256, out/v8t512):
#   bash tools/gpu/prototypes/s29b_run.sh
NAME=s29b PAIRS="v4t512=out/v4t512 v4t256=out/v4t256 v8t512=out/v8t512" \
  TIMEOUT=150 RUNS="1 2" CELLS=32768x7168,32768x8192,32768x11008 \
  exec bash "$(dirname "${BASH_SOURCE[0]}")/variant_run.sh"
