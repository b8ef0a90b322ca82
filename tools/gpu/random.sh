#!/usr/bin/env bash
# The randomized GPU numerics run (tools/gpu/random_cases.py draws it):
#   here (LLVM/MLIR):  tools/gpu/random.sh emit [SEED]
#                      -> out/random: 300 random kernels for sm_90, cases.txt
#   GPU machine:       tools/gpu/random.sh run   (device tool; carry out/random)
#                      -> builds the harness, runs every case (each checked
#                         with the project's numerics reference), then
#                         compute-sanitizer memcheck, racecheck and initcheck
#                         on a sample of kernels; logs under $OUT, a table last.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DIR="$ROOT/out/random"

emit() {
  "$ROOT/tools/setup.sh" || exit 1
  local bin="${RMSNORM_BUILD_DIR:-$ROOT/build}/bin" seed=${1:-20261130}
  rm -rf "$DIR"
  python3 "$ROOT/tools/gpu/random_cases.py" "$DIR" --seed "$seed" || exit 1
  "$bin/rmsnorm-emit" "$DIR/random.mlir" --target=nvptx -o "$DIR" > "$DIR/emit.txt" || exit 1
  # A kernel for many rows gets its first kernel's cases too (it serves any
  # M; a launcher picks it from its from_rows).
  local name rest
  while read -r name rest; do
    [[ -f $DIR/${name}_many_rows.sm_90.json ]] && echo "${name}_many_rows $rest"
  done < "$DIR/cases.txt" > "$DIR/cases-many-rows.txt"
  cat "$DIR/cases-many-rows.txt" >> "$DIR/cases.txt" && rm "$DIR/cases-many-rows.txt"
  rm -f "$DIR"/*.h  # the harness reads manifests and cubins; keep the carry small
  (cd "$ROOT" && echo "$(git rev-parse HEAD)$(git diff --quiet HEAD -- lib include dialects tools/rmsnorm-emit || echo ' (with uncommitted changes)')") > "$DIR/commit.txt"
  echo "emitted $(ls "$DIR"/*.json | wc -l) kernels into out/random"
}

run() {
  local out="${OUT:-/tmp}" status=0 started=$SECONDS
  mkdir -p "$out"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  cmake -S "$ROOT/tools/rmsnorm-harness" -B /tmp/harness-build -G Ninja > /tmp/harness-cmake.log 2>&1 \
    && cmake --build /tmp/harness-build > /tmp/harness-build.log 2>&1 || { cat /tmp/harness-*.log; exit 1; }
  local harness=/tmp/harness-build/bin/rmsnorm-harness log="$out/random-cases.txt"
  mkdir -p /tmp/random-logs && rm -f /tmp/random-logs/*
  one() { # kernel-name harness-options...
    local harness=$1 name=$2
    shift 2
    "$harness" "$DIR/$name.sm_90.json" "$@" > "/tmp/random-logs/$name.txt" 2>&1 \
      || echo "exit status $? for $name" >> "/tmp/random-logs/$name.txt"
  }
  export -f one
  export DIR
  xargs -P "$(nproc)" -L 1 bash -c 'one "$0" "$@"' "$harness" < "$DIR/cases.txt"
  cat /tmp/random-logs/*.txt > "$log"
  grep -q "exit status" "$log" && status=1
  local passed failed
  passed=$(grep -c '^PASS' "$log")
  failed=$(grep -c '^FAIL' "$log")
  (( failed > 0 || passed == 0 )) && status=1
  echo "[$((SECONDS - started)) s] cases: $passed passed, $failed failed, $(grep -c 'exit status' "$log") harness errors"
  grep -E '^FAIL|exit status' "$log" | head -5
  # compute-sanitizer on a sample: every 15th kernel (20 of 300), its first
  # rows value (and 3 rows, unless the kernel fixes M) and strides (none
  # where the kernel fixes them), normal inputs.
  local san="$out/random-sanitizer.txt"
  : > "$san"
  sanitize() {
    local tool=$1 line=$2 name rows strides
    name=$(awk '{print $1}' <<< "$line")
    rows=$(sed -n 's/.*--rows \([0-9]*\).*/\1/p' <<< "$line")
    grep -q '"static_rows": null' "$DIR/$name.sm_90.json" && rows="$rows,3"
    strides=$(sed -n 's/.*--strides \([^ ]*\).*/\1/p' <<< "$line")
    local args=(--rows "$rows")
    [[ -n $strides ]] && args+=(--strides "$strides")
    compute-sanitizer --tool "$tool" --error-exitcode 7 /tmp/harness-build/bin/rmsnorm-harness \
      "$DIR/$name.sm_90.json" "${args[@]}" > "/tmp/random-logs/san-$tool-$name.out" 2>&1
    local rc=$? verdict="NOT CLEAN" file="/tmp/random-logs/san-$tool-$name.out"
    # Clean: the harness passed under the tool and the tool reported 0.
    [[ $rc -eq 0 ]] && grep -q "SUMMARY: 0 " "$file" && ! grep -q '^FAIL' "$file" && verdict=clean
    echo "$tool $name rows=$rows strides=${strides:-compiled-in}: $verdict (exit $rc) $(grep -E 'SUMMARY' "$file" | head -2 | tr '\n' ' ')"
  }
  export -f sanitize
  for tool in memcheck racecheck initcheck; do
    awk 'NR % 15 == 1' "$DIR/cases.txt" | xargs -P 8 -d '\n' -I{} bash -c "sanitize $tool '{}'"
  done >> "$san"
  local san_bad
  san_bad=$(grep -vc ': clean ' "$san")
  (( san_bad > 0 )) && status=1
  echo "[$((SECONDS - started)) s] compute-sanitizer: $(grep -c ': clean ' "$san") clean, $san_bad not clean"
  grep -v ': clean ' "$san" | head -5
  echo "== table: per dtype, cases passed / failed, max ULP"
  for t in f32 f16 bf16; do
    echo "$t: $(grep -c "^PASS [^ ]* $t " "$log") passed, $(grep -c "^FAIL [^ ]* $t " "$log") failed, max_ulp $(grep " $t " "$log" | sed -n 's/.*max_ulp=\([0-9]*\).*/\1/p' | sort -n | tail -1)"
  done
  for tool in memcheck racecheck initcheck; do
    echo "$tool: $(grep -c "^$tool .*: clean " "$san") of $(grep -c "^$tool " "$san") kernels clean"
  done
  echo "[$((SECONDS - started)) s] done; exit status: $status"
  return $status
}

case "${1:-}" in
  emit) shift; emit "$@" ;;
  run) run ;;
  *) echo "usage: $0 emit [SEED] | run" >&2; exit 2 ;;
esac
