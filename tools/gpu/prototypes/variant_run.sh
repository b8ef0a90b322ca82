#!/usr/bin/env bash
# A variant's numerics, then its timing against ours (the loop of the
# s25b / s25d runs, for the runs after them):
#   NAME=RECORD LABEL=L DIR=out/FOLDER [CELLS=MxN,...] [RUNS="1 2"] \
#     [DTYPES="bf16 f16 f32"] [TIMEOUT=seconds per dtype and run] \
#     bash tools/gpu/prototypes/variant_run.sh
# - rmsnorm-harness on every manifest in DIR (rows 1, 7, rows per block + 1
#   and 4099 at strides n / aligned / misaligned; the edge inputs at 7 rows),
#   a line of counts and each dtype's max ULP;
# - then s15b_run.sh's loop (benchmark.sh run per dtype and run, CELLS,
#   `--variant LABEL=DIR`, ours from out/bench).
# Everything lands in $OUT/NAME.tgz.
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
: "${NAME:?}" "${LABEL:?}" "${DIR:?}"
R=$OUT/$NAME; mkdir -p "$R"
LOGS=$(mktemp -d)
cmake -S "$ROOT/tools/rmsnorm-harness" -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
  && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
one() {
  local H=/tmp/hb/bin/rmsnorm-harness m=$1 logs=$2 name
  name=$(basename "$m" .json)
  { "$H" "$m" --rows 1,7,rpb+1,4099 --strides n,aligned,misaligned
    "$H" "$m" --rows 7 --strides n --inputs large,zero-rows,subnormal,non-finite,overflow; } > "$logs/$name.txt" 2>&1 \
    || echo "exit status $? for $name" >> "$logs/$name.txt"
}
export -f one
ls "$DIR"/*.json | timeout 120 xargs -P "$(nproc)" -I{} bash -c "one {} $LOGS"
cat "$LOGS"/*.txt > "$R/harness-log.txt"
echo "$LABEL harness: $(grep -c '^PASS' "$R/harness-log.txt") passed, $(grep -c '^FAIL' "$R/harness-log.txt") failed, $(grep -c '^exit status' "$R/harness-log.txt") harness errors, $(ls "$DIR"/*.json | wc -l) kernels" | tee "$R/harness.txt"
grep -h max_ulp "$R/harness-log.txt" | sed -E 's/.* (bf16|f16|f32) N=.*max_ulp=([0-9]+).*/\1 \2/' \
  | sort -k1,1 -k2,2n | awk '{m[$1]=$2} END {for (t in m) print "max_ulp", t, m[t]}' | tee -a "$R/harness.txt"
OUT=$R NAME=bench VARIANTS="--variant $LABEL=$DIR" bash "$ROOT/tools/gpu/prototypes/s15b_run.sh"
cd "$OUT" && tar czf "$NAME.tgz" "$NAME" && rm -rf "$NAME"
