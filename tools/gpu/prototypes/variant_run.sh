#!/usr/bin/env bash
# Variants' numerics, then their timing against ours (the loop of the
# s25b / s25d runs, for the runs after them):
#   NAME=RECORD PAIRS="L1=out/DIR1 [L2=out/DIR2 ...]" [CELLS=MxN,...] \
#     [RUNS="1 2"] [DTYPES="bf16 f16 f32"] [TIMEOUT=seconds per dtype and run] \
#     [STRIDES=the harness's --strides, default n,aligned,misaligned] \
#     bash tools/gpu/prototypes/variant_run.sh
# - rmsnorm-harness on every manifest of each folder (rows 1, 7, rows per
#   block + 1 and 4099 at strides n / aligned / misaligned; the edge inputs
#   at 7 rows), a line of counts and each dtype's max ULP per variant;
# - then s15b_run.sh's loop (benchmark.sh run per dtype and run, CELLS,
#   `--variant L=DIR` for each pair, ours from out/bench).
# Everything lands in $OUT/NAME.tgz.
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
: "${NAME:?}" "${PAIRS:?}"
export STRIDES="${STRIDES:-n,aligned,misaligned}"
R=$OUT/$NAME; mkdir -p "$R"
cmake -S "$ROOT/tools/rmsnorm-harness" -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
  && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
one() {
  local H=/tmp/hb/bin/rmsnorm-harness m=$1 logs=$2 name
  name=$(basename "$m" .json)
  { "$H" "$m" --rows 1,7,rpb+1,4099 --strides "$STRIDES"
    "$H" "$m" --rows 7 --strides n --inputs large,zero-rows,subnormal,non-finite,overflow; } > "$logs/$name.txt" 2>&1 \
    || echo "exit status $? for $name" >> "$logs/$name.txt"
}
export -f one
VARIANTS=""
for pair in $PAIRS; do
  label=${pair%%=*} dir=${pair#*=}
  VARIANTS="$VARIANTS --variant $label=$dir"
  logs=$(mktemp -d)
  ls "$dir"/*.json | timeout 120 xargs -P "$(nproc)" -I{} bash -c "one {} $logs"
  cat "$logs"/*.txt > "$R/harness-log-$label.txt"
  echo "$label harness: $(grep -c '^PASS' "$R/harness-log-$label.txt") passed, $(grep -c '^FAIL' "$R/harness-log-$label.txt") failed, $(grep -c '^exit status' "$R/harness-log-$label.txt") harness errors, $(ls "$dir"/*.json | wc -l) kernels" | tee -a "$R/harness.txt"
  grep -h max_ulp "$R/harness-log-$label.txt" | sed -E 's/.* (bf16|f16|f32) N=.*max_ulp=([0-9]+).*/\1 \2/' \
    | sort -k1,1 -k2,2n | awk -v l="$label" '{m[$1]=$2} END {for (t in m) print l, "max_ulp", t, m[t]}' | tee -a "$R/harness.txt"
done
OUT=$R NAME=bench VARIANTS="$VARIANTS" bash "$ROOT/tools/gpu/prototypes/s15b_run.sh"
cd "$OUT" && tar czf "$NAME.tgz" "$NAME" && rm -rf "$NAME"
