#!/usr/bin/env bash
# Twenty-ninth session (s29g): rows whose strides the source fixes at N
# (memref<?xNxT>) staged from rownorm-version-rows' template. `fixed` =
# such kernels at N = 13 / 63 / 127 / 255 with the default pipeline (now
# staged), `off` = the same source with stage-rows=false (the kernels these
# sources got before: the unaligned copy alone), ours (`OURS=out/dyn`) = the
# same widths with strides given at launch (staged since the seventeenth
# session).
#   PART=numerics: rmsnorm-harness on every `fixed` and `off` kernel (rows 1,
#     7, rows per block + 1, 4099; the edge inputs at 7 rows; no --strides:
#     the harness refuses it for strides compiled in), then
#     compute-sanitizer memcheck and racecheck on three `fixed` kernels;
#   PART=timing: one run per dtype (RUNS to change) of the four widths at
#     32768 rows, ours and both variants.
# (The first call ran both parts with the harness given `--strides n`,
# which it refuses for these kernels: its numerics part is void, its
# timing stands; the numerics were run again on their own.)
# Prediction: `fixed` as fast as ours (the same staged copy; registers
# within 5 of ours, f16 127 39 against 44), `off` 12-17% slower at 127
# (s24b) and 2-3x slower at 13 / 63 (s17a's staged gains).
# Here: out/fixed, out/fixedoff by rmsnorm-emit on the source in
#   out/fixed/fixed.mlir (default pipeline; stage-rows=false for fixedoff),
#   out/dyn by BENCH_KERNELS=out/dyn BENCH_WIDTHS="13 63 127 255"
#   tools/gpu/benchmark.sh emit; rm -f out/*/*.h
# There (carry out/fixed, out/fixedoff, out/dyn):
#   PART=numerics bash tools/gpu/prototypes/s29g_run.sh
#   PART=timing bash tools/gpu/prototypes/s29g_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
R=$OUT/s29g; mkdir -p "$R"
if [[ ${PART:?numerics or timing} == numerics ]]; then
  cmake -S "$ROOT/tools/rmsnorm-harness" -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
    && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
  H=/tmp/hb/bin/rmsnorm-harness
  for dir in fixed fixedoff; do
    for m in "$ROOT"/out/$dir/*.json; do
      "$H" "$m" --rows 1,7,rpb+1,4099 || echo "exit status $? for $m"
      "$H" "$m" --rows 7 --inputs large,zero-rows,subnormal,non-finite,overflow || echo "exit status $? for $m"
    done > "$R/harness-log-$dir.txt" 2>&1
    echo "$dir harness: $(grep -c '^PASS' "$R/harness-log-$dir.txt") passed, $(grep -c '^FAIL' "$R/harness-log-$dir.txt") failed, $(grep -c '^exit status' "$R/harness-log-$dir.txt") harness errors"
  done | tee "$R/harness.txt"
  for k in rms_norm_bf16_127 rms_norm_f16_13 rms_norm_f32_255; do
    for tool in memcheck racecheck; do
      compute-sanitizer --tool $tool --error-exitcode 7 "$H" \
        "$ROOT/out/fixed/$k.sm_90.json" --rows rpb+1,7,4099 > "$R/sanitizer-$tool-$k.txt" 2>&1
      echo "$k $tool exit $?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$R/sanitizer-$tool-$k.txt" | sort | uniq -c | tr '\n' ' ')"
    done
  done | tee "$R/sanitizer.txt"
  cd "$OUT" && tar czf s29g-numerics.tgz s29g && rm -rf s29g
else
  OUT=$R NAME=bench OURS=out/dyn VARIANTS="--variant fixed=out/fixed --variant off=out/fixedoff" \
    TIMEOUT=80 RUNS="${RUNS:-1}" CELLS=32768x13,32768x63,32768x127,32768x255 \
    bash "$ROOT/tools/gpu/prototypes/s15b_run.sh"
  cd "$OUT" && tar czf s29g-timing.tgz s29g && rm -rf s29g
fi
