#!/usr/bin/env bash
# Twenty-fourth session (s24e): rownorm-stage-rows with w's loads above the
# block barrier (the change s24d measured at PTX level: its bf16 / f16 127
# cubins are byte-identical to `wb`'s) checked on the GPU: the harness
# sweep's cases on the 31 staged sweep kernels (harness.sh's sweep_one
# commands), compute-sanitizer racecheck and memcheck on three staged
# kernels, then f32 32768 x 127 (changed, not measured in s24d) against the
# kernels before (`old`), two runs.
# Prediction: numerics pass, sanitizers clean; f32 127 0 to +2%.
# Here: tools/gpu/harness.sh emit; out/staged-sweep = the sweep kernels whose
# PTX holds cp.async.bulk; tools/gpu/benchmark.sh emit (out/bench) and the
# previous commit's (out/bench-old).
# There (carry out/staged-sweep, out/bench, out/bench-old): bash tools/gpu/prototypes/s24e_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
R=$OUT/s24e; mkdir -p "$R" /tmp/sweep-logs
cmake -S "$ROOT/tools/rmsnorm-harness" -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
  && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
one() {
  local H=/tmp/hb/bin/rmsnorm-harness m=$1 n name
  n=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['n'])" "$m")
  name=$(basename "$m" .json)
  { "$H" "$m" --rows 1,2,3,7,rpb-1,rpb+1,32768 --strides n,aligned,misaligned
    "$H" "$m" --rows 7 --strides n,misaligned --inputs large,zero-rows,subnormal,non-finite,overflow
    "$H" "$m" --rows 7 --strides n --epsilon 0.25 --inputs normal,zero-rows
    "$H" "$m" --rows 7,33 --x-stride $((n + 3)) --y-stride $((n + 1)); } > "/tmp/sweep-logs/$name.txt" 2>&1 \
    || echo "exit status $? for $name" >> "/tmp/sweep-logs/$name.txt"
}
export -f one
ls out/staged-sweep/*.json | timeout 200 xargs -P "$(nproc)" -I{} bash -c 'one {}'
cat /tmp/sweep-logs/*.txt > "$R/staged-sweep-log.txt"
echo "staged sweep: $(grep -c '^PASS' "$R/staged-sweep-log.txt") passed, $(grep -c '^FAIL' "$R/staged-sweep-log.txt") failed, $(grep -c '^exit status' "$R/staged-sweep-log.txt") harness errors, $(ls out/staged-sweep/*.json | wc -l) kernels" | tee "$R/staged-sweep.txt"
for k in bf16_127 f16_13 f32_127; do
  for tool in racecheck memcheck; do
    echo "== $tool $k"
    timeout 60 compute-sanitizer --tool $tool /tmp/hb/bin/rmsnorm-harness out/staged-sweep/$k.sm_90.json \
      --rows rpb+1,33 --strides n 2>&1 | tail -2
  done
done | tee "$R/sanitizers.txt"
for run in 1 2; do
  for dt in f32 bf16 f16; do
    mkdir -p "$R/run$run"
    OUT="$R/run$run" timeout 60 "$ROOT/tools/gpu/benchmark.sh" run $dt --cells 32768x127 \
      --variant old=out/bench-old > "$R/run$run/$dt.log" 2>&1 || echo "exit status $? for $dt run $run"
    grep -E '^(bf16|f16|f32) ' "$R/run$run/$dt.log"
  done
done
for dt in f32 bf16 f16; do
  python3 "$ROOT/tools/gpu/variant_ratio.py" old "$R"/run*/*-bench-$dt-h200.json
done | tee "$R/ratios.txt"
cd "$OUT" && tar czf s24e.tgz s24e && rm -rf s24e
