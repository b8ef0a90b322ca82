#!/usr/bin/env bash
# Schedule exploration (tools/gpu/schedules.py), in two halves:
#   here:        tools/gpu/schedules.sh emit CELLS   (CELLS: dtype:MxN,...)
#                -> out/schedules: every candidate schedule of those cells
#                   (also run tools/gpu/benchmark.sh emit: the defaults)
#   GPU machine: tools/gpu/schedules.sh run CELLS   (carry out/schedules and
#                out/bench) -> table of the best candidates per cell, record
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=runtime-lib.sh
source "$ROOT/tools/gpu/runtime-lib.sh"
DIR=out/schedules

emit() {
  local bin="${RMSNORM_BUILD_DIR:-$ROOT/build}/bin"
  rm -rf "${ROOT:?}/$DIR"
  mkdir -p "$ROOT/$DIR"
  python3 "$ROOT/tools/gpu/schedules.py" mlir --cells "$1" > "$ROOT/$DIR/candidates.mlir"
  local cmd=(rmsnorm-emit "$DIR/candidates.mlir" --target=nvptx -o "$DIR")
  (cd "$ROOT" && "$bin/${cmd[0]}" "${cmd[@]:1}" > "$ROOT/$DIR/emit.txt")
  # The embeddable headers are not loaded here; they would triple what the
  # GPU call carries.
  rm -f "$ROOT/$DIR"/*.h
  echo "${cmd[*]}" > "$ROOT/$DIR/emit-command.txt"
  (cd "$ROOT" && echo "$(git rev-parse HEAD)$(git diff --quiet HEAD -- lib include dialects tools/rmsnorm-emit || echo ' (with uncommitted changes)')") > "$ROOT/$DIR/commit.txt"
  echo "emitted $(ls "$ROOT/$DIR"/*.json | wc -l) candidate kernels into $DIR"
}

run() {
  local cells=$1
  shift
  local out="${OUT:-/tmp}"
  build_runtime
  local name
  name="$out/$(date -u +%Y-%m-%d)-schedules-$(card_tag)"
  PYTHONUNBUFFERED=1 python3 "$ROOT/tools/gpu/schedules.py" run --cells "$cells" \
    --kernels "$ROOT/$DIR" --default "$ROOT/out/bench" \
    --runtime "$RUNTIME_LIB" \
    --record "$name.json" "$@" 2>&1 | tee "$name.txt"
}

case "${1:-}" in
  emit) emit "$2" ;;
  run) shift; run "$@" ;;
  *) echo "usage: $0 emit CELLS | run CELLS [schedules.py options]" >&2; exit 2 ;;
esac
