#!/usr/bin/env bash
# Twenty-fourth session (s24d): where the hand-written bulk-staged prototype
# gains on the compiler's staged copy at 16-bit 127 (s24c: 1.05x bf16, 1.12x
# f16 in the graph column, at the same occupancy in bf16; under ncu, cold,
# ours issues fewer instructions and is not slower). Two differences in the
# staged path, as PTX-level variants (prototypes/staged_variants.py): `wb`
# w's loads issued before the block barrier that follows the bulk copy's
# issue (the prototype's order), `nc` w through the read-only path (the
# prototype's __ldg), `wbnc` both; `bulkw1` the prototype, for reference.
# (A third, x widened again after the rsqrt, assembled to ours' cubin.)
# Prediction: wb +1 to +3% (w's round trip no longer after the barrier in
# the warm-L2 graph column), nc 0 to +2%, wbnc their sum; bulkw1 as s24c.
# Here: tools/gpu/benchmark.sh emit; out/bulkw1 as s24c_run.sh says; then
#   python3 tools/gpu/prototypes/staged_variants.py out/bench out/sv \
#     rms_norm_bf16_127 rms_norm_f16_127
# There (carry out/bench, out/bulkw1, out/sv-wb, out/sv-nc, out/sv-wbnc):
#   bash tools/gpu/prototypes/s24d_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
R=$OUT/s24d; mkdir -p "$R"
cmake -S "$ROOT/tools/rmsnorm-harness" -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
  && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
for m in out/sv-wb/*.json out/sv-nc/*.json out/sv-wbnc/*.json; do
  /tmp/hb/bin/rmsnorm-harness "$m" --rows 1,17,1001 --strides n,aligned,misaligned > "$R/h.log" 2>&1
  echo "$m exit $? pass $(grep -c '^PASS' "$R/h.log") fail $(grep -c '^FAIL' "$R/h.log")"
done | tee "$R/numerics.txt"
for run in 1 2; do
  for dt in bf16 f16; do
    mkdir -p "$R/run$run"
    OUT="$R/run$run" timeout 120 "$ROOT/tools/gpu/benchmark.sh" run $dt --cells 32768x127 \
      --variant wb=out/sv-wb --variant nc=out/sv-nc --variant wbnc=out/sv-wbnc \
      --variant bulkw1=out/bulkw1 > "$R/run$run/$dt.log" 2>&1 || echo "exit status $? for $dt run $run"
    grep -E '^(bf16|f16) ' "$R/run$run/$dt.log"
  done
done
for dt in bf16 f16; do
  python3 "$ROOT/tools/gpu/variant_ratio.py" wb,nc,wbnc,bulkw1 "$R"/run*/*-bench-$dt-h200.json
done | tee "$R/ratios.txt"
cd "$OUT" && tar czf s24d.tgz s24d && rm -rf s24d
