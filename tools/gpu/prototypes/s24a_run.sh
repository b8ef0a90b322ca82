#!/usr/bin/env bash
# Twenty-fourth session (s24a): rows of unknown alignment longer than the
# staged limit staged one row per warp (row_staged_rows.cu: the row's aligned
# interior by one bulk copy, head and tail by the lanes, w read aligned; `rs`
# with w loaded before the wait, `rsl` after the reduction) against ours'
# unaligned copy (per-row head / body / tail, w realigned in registers) at
# 32768 x {513, 769, 1025, 1279, 2049}, two runs per dtype.
# Prediction: 16-bit 1025 +3 to +6% (91% of the copy -> ~95%; the unaligned
# copy is ALU-bound, s8d, and w's realignment its largest cost), 769 / 1279
# alike, 513 +0 to +4% (graph column, L2-resident); 2049 and every f32 width
# -5 to +2% (100-164 registers with one warp a row).
# Numerics first: rmsnorm-harness on each prototype kernel (strides n,
# aligned, misaligned; x / y strides that differ take the per-row loop),
# compute-sanitizer memcheck on two of them.
# Here: tools/gpu/benchmark.sh emit is not needed; instead
#   BENCH_WIDTHS="513 769 1025 1279 2049" BENCH_KERNELS=out/bench-rs tools/gpu/benchmark.sh emit
#   rm -f out/bench-rs/*.h
#   python3 tools/gpu/prototypes/row_staged_widths.py out/bench-rs out/rs
#   nvcc -arch=sm_90 -O3 -cubin -DKERNEL_LIST='"kernels.inc"' -I out/rs \
#     tools/gpu/prototypes/row_staged_rows.cu -o out/rs/row_staged_rows.cubin
#   out/rsl: out/rs's files, manifests naming row_staged_rows_late_w.cubin,
#     built the same with -DEARLY_W=0
# There (carry out/bench-rs, out/rs, out/rsl): bash tools/gpu/prototypes/s24a_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
R=$OUT/s24a; mkdir -p "$R"
cmake -S "$ROOT/tools/rmsnorm-harness" -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
  && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
H=/tmp/hb/bin/rmsnorm-harness
for d in out/rs out/rsl; do
  for m in $(grep -l row_staged "$d"/*.json); do
    n=$(python3 -c "import json;print(json.load(open('$m'))['n'])")
    { "$H" "$m" --rows 1,7,1001 --strides n,aligned,misaligned
      "$H" "$m" --rows 9 --x-stride $((n + 3)) --y-stride $((n + 1))
      "$H" "$m" --rows 5 --inputs large,zero-rows,subnormal,non-finite,overflow; } \
      > "$R/h.log" 2>&1
    echo "$m exit $? pass $(grep -c '^PASS' "$R/h.log") fail $(grep -c '^FAIL' "$R/h.log")"
    cat "$R/h.log" >> "$R/numerics-log.txt"
  done
done | tee "$R/numerics.txt"
for k in bf16_1025 f32_769; do
  compute-sanitizer --tool memcheck "$H" out/rs/rms_norm_$k.sm_90.json --rows 7,33 \
    --strides n,misaligned 2>&1 | tail -3
done | tee "$R/memcheck.txt"
for run in 1 2; do
  for dt in bf16 f16 f32; do
    mkdir -p "$R/run$run"
    OUT="$R/run$run" BENCH_KERNELS=out/bench-rs timeout 150 "$ROOT/tools/gpu/benchmark.sh" run $dt \
      --cells 32768x513,32768x769,32768x1025,32768x1279,32768x2049 \
      --variant rs=out/rs --variant rsl=out/rsl > "$R/run$run/$dt.log" 2>&1 \
      || echo "exit status $? for $dt run $run"
    grep -E '^(bf16|f16|f32) ' "$R/run$run/$dt.log"
  done
done
for dt in bf16 f16 f32; do
  python3 "$ROOT/tools/gpu/variant_ratio.py" rs,rsl "$R"/run*/*-bench-$dt-h200.json
done | tee "$R/ratios.txt"
cd "$OUT" && tar czf s24a.tgz s24a && rm -rf s24a
