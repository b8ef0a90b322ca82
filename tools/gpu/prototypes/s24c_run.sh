#!/usr/bin/env bash
# Twenty-fourth session (s24c): why the compiler's staged copy trails the
# hand-written bulk-staged prototype at N = 127 (s16f: 0.95x in bf16, 0.89x
# in f16, 0.91x in f32; the same ABI, blocks and bulk copies). First today's
# gap (the prototype as `bulkw1`: bulk_staged_rows.cu with word stores, one
# sub-tile), two runs per dtype; then Nsight Compute on both at 16-bit 127
# (nsight.sh: instructions, stalls, pipes, and each image's SASS).
# Prediction: the gap as in s16f (bulkw1 +5 to +12%); the profile shows
# ours issuing more instructions per element (its three row copies and their
# tests), not a different memory behaviour.
# Here: tools/gpu/benchmark.sh emit, then
#   mkdir -p out/bulkw1
#   nvcc -arch=sm_90 -O3 -cubin -DSUBTILES=1 tools/gpu/prototypes/bulk_staged_rows.cu \
#     -o out/bulkw1/bulk_staged_rows.cubin
#   (cd tools/gpu/prototypes && python3 staged_rows_manifests.py ../../../out/bench \
#     ../../../out/bulkw1 bulk_staged_rows 1)
# There (carry out/bench, out/bulkw1): bash tools/gpu/prototypes/s24c_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
R=$OUT/s24c; mkdir -p "$R"
for run in 1 2; do
  for dt in bf16 f16 f32; do
    mkdir -p "$R/run$run"
    OUT="$R/run$run" timeout 120 "$ROOT/tools/gpu/benchmark.sh" run $dt --cells 32768x127 \
      --variant bulkw1=out/bulkw1 > "$R/run$run/$dt.log" 2>&1 || echo "exit status $? for $dt run $run"
    grep -E '^(bf16|f16|f32) ' "$R/run$run/$dt.log"
  done
done
for dt in bf16 f16 f32; do
  python3 "$ROOT/tools/gpu/variant_ratio.py" bulkw1 "$R"/run*/*-bench-$dt-h200.json
done | tee "$R/ratios.txt"
mkdir -p "$R/ncu-ours" "$R/ncu-proto"
OUT="$R/ncu-ours" timeout 150 "$ROOT/tools/gpu/nsight.sh" f16:32768x127,bf16:32768x127 out/bench \
  | tee "$R/ncu-ours/summary.txt"
OUT="$R/ncu-proto" timeout 150 "$ROOT/tools/gpu/nsight.sh" f16:32768x127,bf16:32768x127 out/bulkw1 \
  | tee "$R/ncu-proto/summary.txt"
cd "$OUT" && tar czf s24c.tgz s24c && rm -rf s24c
