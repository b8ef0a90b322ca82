#!/usr/bin/env bash
# Twenty-fourth session (s24b): ptxas gives a kernel the registers of its
# hungriest path. The suite's rows of unknown alignment (127, 1025, 4099)
# run, at strides N, one path of a kernel that also holds the copies for
# other strides; emitted with static row strides N (memref<?xNxT>, the same
# schedules) the kernels need fewer registers: 16-bit 127 39 / 44 -> 32, f32
# 127 47 -> 27, f16 1025 56 -> 37, f32 1025 52 -> 40, 4099 48 / 63 -> 40.
# `st` = those kernels (what a launch-time choice of a contiguous-rows
# kernel would run), `cap` = ours with `.maxnreg` at the same numbers
# (prototypes/maxnreg_variant.py; the other paths spill 12-104 bytes).
# Prediction: st f16 127 +3 to +8% (10 -> 16 blocks a processor: one wave),
# bf16 / f32 127 +2 to +5%, f16 1025 / 4099 +2 to +5%, f32 1025 0 to +2%,
# bf16 1025 / f32 4099 (registers unchanged) within 1%; cap as st where
# nothing it runs spills.
# Here: tools/gpu/benchmark.sh emit; out/bench-static = rmsnorm-emit of
# func.func @rms_norm_T_N(%x: memref<?xNxT>, %w: memref<NxT>, %y: memref<?xNxT>,
# %eps: f32) for T in bf16 f16 f32, N in 127 1025 4099 (--target=nvptx);
# out/bench-cap = those nine kernels of out/bench, then
#   python3 tools/gpu/prototypes/maxnreg_variant.py out/bench-cap NAME=REGS ...
# with REGS each static kernel's registers.
# There (carry out/bench, out/bench-static, out/bench-cap):
#   bash tools/gpu/prototypes/s24b_run.sh   -> $OUT/s24b.tgz
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
R=$OUT/s24b; mkdir -p "$R"
cmake -S "$ROOT/tools/rmsnorm-harness" -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
  && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
for m in out/bench-static/*.json out/bench-cap/*.json; do
  /tmp/hb/bin/rmsnorm-harness "$m" --rows 1,17,1001 > "$R/h.log" 2>&1
  echo "$m exit $? pass $(grep -c '^PASS' "$R/h.log") fail $(grep -c '^FAIL' "$R/h.log")"
done | tee "$R/numerics.txt"
for run in 1 2; do
  for dt in bf16 f16 f32; do
    mkdir -p "$R/run$run"
    OUT="$R/run$run" timeout 150 "$ROOT/tools/gpu/benchmark.sh" run $dt \
      --cells 32768x127,32768x1025,32768x4099 \
      --variant st=out/bench-static --variant cap=out/bench-cap > "$R/run$run/$dt.log" 2>&1 \
      || echo "exit status $? for $dt run $run"
    grep -E '^(bf16|f16|f32) ' "$R/run$run/$dt.log"
  done
done
for dt in bf16 f16 f32; do
  python3 "$ROOT/tools/gpu/variant_ratio.py" st,cap "$R"/run*/*-bench-$dt-h200.json
done | tee "$R/ratios.txt"
cd "$OUT" && tar czf s24b.tgz s24b && rm -rf s24b
