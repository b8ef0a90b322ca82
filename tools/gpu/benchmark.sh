#!/usr/bin/env bash
# The benchmark (tools/gpu/benchmark.py), in two halves:
#   here (LLVM/MLIR):  tools/gpu/benchmark.sh emit
#                      -> out/bench: one kernel per dtype and width of the
#                         suite (or of BENCH_WIDTHS="N ..."), default
#                         options, for sm_90
#   GPU machine:       tools/gpu/benchmark.sh run DTYPE [--quick] [...]
#                      (device tool; carry out/bench) -> builds the runtime's
#                      C entry point, runs the benchmark, writes the JSON
#                      record and the table under $OUT
#   GPU machine:       tools/gpu/benchmark.sh judged [DTYPE ...]
#                      (carry out/bench) -> issue 12's judged pair: the
#                      whole suite twice per dtype (default bf16 f16 f32),
#                      then judge.py on each dtype's pair; under $OUT two
#                      files: DATE-judged.txt (the runs' summary lines and
#                      the verdicts) and DATE-judged-records.tgz (run1/ and
#                      run2/: each run's JSON record, table and log)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=runtime-lib.sh
source "$ROOT/tools/gpu/runtime-lib.sh"
# BENCH_KERNELS: the folder of the kernels, relative to the repository (what
# the device tool carries) or absolute.
case ${BENCH_KERNELS:-out/bench} in
  /*) KERNELS=$BENCH_KERNELS ;;
  *) KERNELS="$ROOT/${BENCH_KERNELS:-out/bench}" ;;
esac

emit() {
  # Replaced only when emit wrote it (its bench.mlir) or it is empty: a
  # mistyped BENCH_KERNELS must not delete a folder of something else.
  if [[ -e $KERNELS && ! -f $KERNELS/bench.mlir && -n "$(ls -A "$KERNELS")" ]]; then
    echo "benchmark.sh: $KERNELS is not a folder emit wrote (no bench.mlir, not empty); not replacing it" >&2
    exit 2
  fi
  # Every width of the suite in benchmark.py, or BENCH_WIDTHS (e.g. widths
  # chosen at review, timed with run's --cells); checked before anything is
  # replaced.
  local widths=${BENCH_WIDTHS:-}
  [[ -n $widths ]] || widths=$(python3 "$ROOT/tools/gpu/suite_widths.py")
  if [[ ! $widths =~ ^[0-9]+( [0-9]+)*$ ]]; then
    echo "benchmark.sh: BENCH_WIDTHS must be widths separated by spaces, got '$widths'" >&2
    exit 2
  fi
  "$ROOT/tools/setup.sh"
  local bin="${RMSNORM_BUILD_DIR:-$ROOT/build}/bin"
  rm -rf "$KERNELS"
  mkdir -p "$KERNELS"
  local src="$KERNELS/bench.mlir"
  # w in x's dtype, epsilon a parameter (the default a PyTorch user gets;
  # the benchmark passes 1e-6).
  : > "$src"
  for t in f32 f16 bf16; do
    for n in $widths; do
      local rows="memref<?x${n}x${t}, strided<[?, 1]>>"
      cat >> "$src" <<MLIR
func.func @rms_norm_${t}_${n}(%x: ${rows}, %w: memref<${n}x${t}>, %y: ${rows}, %eps: f32) {
  rownorm.rms_norm ins(%x : ${rows}) weight(%w : memref<${n}x${t}>) outs(%y : ${rows}) epsilon(%eps)
  return
}
MLIR
    done
  done
  local rel=${BENCH_KERNELS:-out/bench}
  # BENCH_PIPELINE: options of the NVPTX pipeline for an A/B set, e.g.
  # "cache-hints=all" (the default set uses none).
  local cmd=(rmsnorm-emit "$rel/bench.mlir" --target=nvptx -o "$rel")
  [[ -n ${BENCH_PIPELINE:-} ]] && cmd+=(--nvptx-pipeline="chip=sm_90 $BENCH_PIPELINE")
  (cd "$ROOT" && "$bin/${cmd[0]}" "${cmd[@]:1}" > "$KERNELS/emit.txt")
  echo "${cmd[*]}" > "$KERNELS/emit-command.txt"
  (cd "$ROOT" && echo "$(git rev-parse HEAD)$(git diff --quiet HEAD -- lib include dialects tools/rmsnorm-emit || echo ' (with uncommitted changes)')") > "$KERNELS/commit.txt"
  echo "emitted $(ls "$KERNELS"/*.json | wc -l) kernels into $rel"
}

run() {
  local dtype=$1
  shift
  local out="${OUT:-/tmp}"
  build_runtime
  local name
  name="$out/$(date -u +%Y-%m-%d)-bench-$dtype-$(card_tag)"
  PYTHONUNBUFFERED=1 python3 "$ROOT/tools/gpu/benchmark.py" --dtype "$dtype" \
    --kernels "$KERNELS" --runtime "$RUNTIME_LIB" \
    --record "$name.json" "$@" 2>&1 | tee "$name.txt"
}

# Two runs of every dtype, run 1 of each before run 2 of any (so the runs of
# a dtype are minutes apart, not back to back), each under BENCH_TIMEOUT
# seconds; then each dtype's pair judged. The records go into one archive,
# written again after every run: a caller that fetches few files (the device
# tool returns eight) gets them all, and one whose call is cut short (the
# device tool's 600 s) gets the runs that finished. Exits 2 on bad arguments
# or when an earlier pair's files are in $OUT (never judged with this one,
# nor replaced), else non-zero when a run failed or a rule failed.
judged() {
  local base="${OUT:-/tmp}" stamp status=0 dt
  local dtypes=("$@")
  [[ ${#dtypes[@]} -gt 0 ]] || dtypes=(bf16 f16 f32)
  local -A seen=()
  for dt in "${dtypes[@]}"; do
    case $dt in
      bf16 | f16 | f32) ;;
      *) echo "benchmark.sh: judged takes dtypes bf16, f16, f32; got '$dt'" >&2; exit 2 ;;
    esac
    if [[ -n ${seen[$dt]:-} ]]; then
      echo "benchmark.sh: judged got $dt twice" >&2
      exit 2
    fi
    seen[$dt]=1
  done
  stamp=$(date -u +%Y-%m-%d)
  JUDGED_ARCHIVE="$base/$stamp-judged-records.tgz"
  local verdicts="$base/$stamp-judged.txt" old
  for old in "$base/run1" "$base/run2" "$verdicts" "$JUDGED_ARCHIVE"; do
    if [[ -e $old ]]; then
      echo "benchmark.sh: $old exists; judged writes there (set OUT to an empty folder)" >&2
      exit 2
    fi
  done
  mkdir -p "$base"
  judge_pair "${dtypes[@]}" 2>&1 | tee "$verdicts" || status=1
  rm -rf "${base:?}/run1" "${base:?}/run2"
  return $status
}

# The archive of the run folders so far (judged's JUDGED_ARCHIVE).
pack_runs() {
  local base=$1 folders=(run1)
  [[ -d $base/run2 ]] && folders+=(run2)
  tar czf "$JUDGED_ARCHIVE" -C "$base" "${folders[@]}"
}

judge_pair() {
  local base="${OUT:-/tmp}" status=0 run_index rc dt record
  build_runtime
  for run_index in 1 2; do
    mkdir -p "$base/run$run_index"
    for dt in "$@"; do
      rc=0
      OUT="$base/run$run_index" timeout "${BENCH_TIMEOUT:-200}" \
        bash "$ROOT/tools/gpu/benchmark.sh" run "$dt" \
        > "$base/run$run_index/$dt.log" 2>&1 || rc=$?
      record=("$base/run$run_index/"*-bench-"$dt"-*.json)
      if ((rc != 0)); then
        echo "benchmark.sh: run $run_index of $dt failed (exit status $rc; $base/run$run_index/$dt.log)" >&2
        status=1
      elif [[ ! -f ${record[0]} ]]; then
        echo "benchmark.sh: run $run_index of $dt wrote no record ($base/run$run_index/$dt.log)" >&2
        status=1
      fi
      echo "run $run_index $dt: $(tail -1 "$base/run$run_index/$dt.log")"
      pack_runs "$base" || status=1
    done
  done
  for dt in "$@"; do
    echo "== $dt"
    python3 "$ROOT/tools/gpu/judge.py" "$base"/run1/*-bench-"$dt"-*.json \
      "$base"/run2/*-bench-"$dt"-*.json || status=1
  done
  return $status
}

case "${1:-}" in
  emit) emit ;;
  run) shift; run "$@" ;;
  judged) shift; judged "$@" ;;
  *) echo "usage: $0 emit | run DTYPE [--quick] [benchmark.py options] | judged [DTYPE ...]" >&2; exit 2 ;;
esac
