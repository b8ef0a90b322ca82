#!/usr/bin/env bash
# Forty-fifth session (s45d): numerics of the kernels that lost their
# late-weight twin (keepsFewRowsForm: five vectors a thread or more over
# half a subgroup or more; 16-bit 640 / 896 / 1280 / 1792, f32 320 / 448 /
# 640 / 896), which now run every M: fp64 harness at 1, 7, rpb + 1, 4099
# and 70000 rows (past every former from_rows) with strides n / aligned /
# misaligned, and the edge inputs; compute-sanitizer memcheck on two.
# On an H200 it also runs s44a's wf / wfc (carry out/wf0 out/wf1 out/wfC).
# Here:  BENCH_KERNELS=out/fr5 BENCH_WIDTHS="320 448 640 896 1280 1792" tools/gpu/benchmark.sh emit; rm -f out/fr5/*.h
# There (carry out/fr5): OUT=$OUT bash tools/gpu/prototypes/s45d_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
card=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)
R=$OUT/s45d; mkdir -p "$R"; echo "$card" | tee "$R/card.txt"; date -u
cmake -S tools/rmsnorm-harness -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
  && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
kernels="bf16_640 f16_640 bf16_896 f16_896 bf16_1280 f16_1280 bf16_1792 f16_1792 f32_320 f32_448 f32_640 f32_896"
for k in $kernels; do
  m=out/fr5/rms_norm_$k.sm_90.json
  [[ -f ${m%.json}_many_rows.sm_90.json || ! -f $m ]] && echo "exit status 9: $k has a twin or no manifest"
  /tmp/hb/bin/rmsnorm-harness "$m" --rows 1,7,rpb+1,4099,70000 --strides n,aligned,misaligned || echo "exit status $? for $m"
  /tmp/hb/bin/rmsnorm-harness "$m" --rows 7 --inputs large,zero-rows,subnormal,non-finite,overflow || echo "exit status $? for $m"
done > "$R/harness-log.txt" 2>&1
echo "harness: $(grep -c '^PASS' "$R/harness-log.txt") passed, $(grep -c '^FAIL' "$R/harness-log.txt") failed, $(grep -c '^exit status' "$R/harness-log.txt") harness errors" | tee "$R/harness.txt"
for k in bf16_896 f32_640; do
  compute-sanitizer --tool memcheck --error-exitcode 7 /tmp/hb/bin/rmsnorm-harness \
    out/fr5/rms_norm_$k.sm_90.json --rows 7,4099 --strides n,misaligned > "$R/memcheck-$k.txt" 2>&1
  echo "memcheck $k: exit status $?; $(grep -E 'ERROR SUMMARY' "$R/memcheck-$k.txt")"
done | tee "$R/memcheck.txt"
if [[ $card == *H200* && -d out/wf1 ]]; then
  NUMERICS=0 RUNS="1 2" DTYPES="bf16 f16" ROWS_CELLS=4096x16384,2048x16384 OUT=$R \
    timeout 300 bash tools/gpu/prototypes/s44a_run.sh 2>&1 | tail -24
fi
date -u
# One archive: the device returns a limited number of files.
cd "$OUT" && tar czf s45d.tgz s45d && rm -rf s45d
