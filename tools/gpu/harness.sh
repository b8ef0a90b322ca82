#!/usr/bin/env bash
# The GPU test suite, judged by its exit status. Two halves:
#   here (LLVM/MLIR):  tools/gpu/harness.sh emit  -> out/sweep, out/negative
#                      (HARNESS_PIPELINE="option=value ...": the sweep's kernels
#                      with those NVPTX pipeline options)
#   GPU machine:       tools/gpu/harness.sh run   (device tool; carry out/sweep
#                      and out/negative) -> builds the harness with cmake, checks
#                      the sweep and chains of launches, runs the negative
#                      controls as expected failures,
#                      compute-sanitizer on a subset, and prints a short table last.
#                      `run sweep` / `run checks`: the sweep (with the table) /
#                      everything else, for two device calls.
#   GPU machine:       tools/gpu/harness.sh time  (a few timings, separately)
#   GPU machine:       tools/gpu/harness.sh overlap  (only the chains of
#                      launches and the no-wait control, which run also does)
#   anywhere:          tools/gpu/harness.sh judge-sweep LOG  (the sweep's
#                      verdict on its log; test/Tools/harness-judge-sweep.test)
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DTYPES=(f32 f16 bf16)
# Powers of two 64..65536, multiples of 8 that are not, odd N, N < 32, and
# the benchmark suite's widths (tools/gpu/suite_widths.py) not among them;
# 3, 129, 255, 161, 223, 204, 254 and 257 for rownorm-stage-rows (3: 16-bit
# vectors of 8 bytes; 129 to 255 within its limit of 256 elements, odd and
# even, 16-bit 204 / 223 / 254 / 255 at the staged 8 x 4; 257 just past it).
HARNESS=/tmp/harness-build/bin/rmsnorm-harness
SIZES=(64 128 256 512 1024 2048 4096 8192 16384 32768 65536 96 5120 12288 1001 4097 1 13 31
       127 1025 2560 2880 3584 4099 6144 7168 11008 14336 3 255 129 161 223 204 254 257)
FIXED_STRIDE_SIZES=(13 127 128 255 257)

# Builds the harness (standalone CMake project, no LLVM) into /tmp/harness-build,
# printing the logs if that fails.
build_harness() {
  cmake -S "$ROOT/tools/rmsnorm-harness" -B /tmp/harness-build -G Ninja > /tmp/harness-cmake.log 2>&1 \
    && cmake --build /tmp/harness-build > /tmp/harness-build.log 2>&1 || { cat /tmp/harness-*.log; exit 1; }
}

# Appends to file $1 a function @$2 normalizing rows of type $3 (N = $4,
# element type $5) with epsilon as a parameter.
append_rms_norm() {
  cat >> "$1" <<MLIR
func.func @$2(%x: $3, %w: memref<$4x$5>, %y: $3, %eps: f32) {
  rownorm.rms_norm ins(%x : $3) weight(%w : memref<$4x$5>) outs(%y : $3) epsilon(%eps)
  return
}
MLIR
}

emit() {
  "$ROOT/tools/setup.sh" || exit 1
  local bin="${RMSNORM_BUILD_DIR:-$ROOT/build}/bin"
  rm -rf "$ROOT/out/sweep" "$ROOT/out/negative"
  mkdir -p "$ROOT/out/sweep" "$ROOT/out/negative"
  local src="$ROOT/out/sweep/sweep.mlir"
  : > "$src"
  # Epsilon is a kernel parameter (the default form); a few kernels have it
  # built in (1e-5), so both ABIs run.
  for t in "${DTYPES[@]}"; do
    for n in "${SIZES[@]}"; do
      append_rms_norm "$src" "${t}_${n}" "memref<?x${n}x${t}, strided<[?, 1]>>" "$n" "$t"
    done
  done
  # Rows whose strides the source fixes at N (a plain memref<?xNxT>):
  # rownorm-stage-rows stages them from rownorm-version-rows' template (13,
  # 127, 255), 128 is always aligned, 257 is past the staged limit (the
  # unaligned copy alone). The harness runs them at stride N only.
  for t in "${DTYPES[@]}"; do
    for n in "${FIXED_STRIDE_SIZES[@]}"; do
      append_rms_norm "$src" "${t}_${n}_fixed_strides" "memref<?x${n}x${t}>" "$n" "$t"
    done
  done
  # The same with M fixed too (a type with no dynamic size), 4099 rows: a
  # last, partial block after the staged ones.
  for k in bf16:127 f16:13 f32:255; do
    local t=${k%%:*} n=${k##*:}
    append_rms_norm "$src" "${t}_${n}_fixed_rows" "memref<4099x${n}x${t}>" "$n" "$t"
  done
  cat >> "$src" <<MLIR
func.func @f16_127_fixed_strides_in_place(%xy: memref<?x127xf16>, %w: memref<127xf16>, %eps: f32) {
  rownorm.rms_norm ins(%xy : memref<?x127xf16>) weight(%w : memref<127xf16>) outs(%xy : memref<?x127xf16>) epsilon(%eps)
  return
}
MLIR
  for k in bf16:4096 f16:1001 f32:13; do
    local t=${k%%:*} n=${k##*:}
    local rows="memref<?x${n}x${t}, strided<[?, 1]>>"
    cat >> "$src" <<MLIR
func.func @${t}_${n}_builtin_eps(%x: ${rows}, %w: memref<${n}x${t}>, %y: ${rows}) {
  rownorm.rms_norm ins(%x : ${rows}) weight(%w : memref<${n}x${t}>) outs(%y : ${rows}) {epsilon = 1.0e-05 : f32}
  return
}
MLIR
  done
  # HARNESS_PIPELINE: options of the NVPTX pipeline for the sweep (e.g.
  # "stage-rows=false", to check a form other than the default).
  local options=()
  [[ -n ${HARNESS_PIPELINE:-} ]] && options=(--nvptx-pipeline="chip=sm_90 $HARNESS_PIPELINE")
  "$bin/rmsnorm-emit" "$src" --target=nvptx "${options[@]}" -o "$ROOT/out/sweep" > "$ROOT/out/sweep/emit.txt" || exit 1
  # Kernels with their row strides compiled in (x 4096 / y 8192, in place
  # 5000): the launch contract's static_row_strides, served at exactly those.
  "$bin/rmsnorm-emit" "$ROOT/test/Tools/Inputs/static-row-strides.mlir" --target=nvptx "${options[@]}" \
    -o "$ROOT/out/sweep" >> "$ROOT/out/sweep/emit.txt" || exit 1
  # A kernel writing in place at a row stride given at launch.
  "$bin/rmsnorm-emit" "$ROOT/test/Tools/Inputs/in-place.mlir" --target=nvptx "${options[@]}" \
    -o "$ROOT/out/sweep" >> "$ROOT/out/sweep/emit.txt" || exit 1
  # Kernels whose M the source fixes (M = 1: a grid of one block, which
  # canonicalization folds and the conversion restores; M = 3).
  "$bin/rmsnorm-emit" "$ROOT/test/Tools/Inputs/static-rows.mlir" --target=nvptx "${options[@]}" \
    -o "$ROOT/out/sweep" >> "$ROOT/out/sweep/emit.txt" || exit 1
  echo "emitted $(ls "$ROOT"/out/sweep/*.json | wc -l) kernels into out/sweep"
  # Negative controls: each breaks one guarantee; the harness must catch it.
  local example="$ROOT/out/negative/controls.mlir"
  grep -A3 -E '^func.func @(bf16_1001|f16_4096|f32_4096)\(' "$src" | grep -v '^--$' > "$example"
  # Each control is a test pass of the test-only rmsnorm-test-emit; the
  # folder keeps the control's old name, which the run step reads.
  local control pass
  for control in no-mask:drop-masks f16-accumulate:f16-accumulate skip-last-row:skip-last-row; do
    pass=${control#*:}
    control=${control%%:*}
    "$bin/rmsnorm-test-emit" "$example" --target=nvptx \
      --test-kernel-passes=test-rownorm-$pass \
      -o "$ROOT/out/negative/$control" > /dev/null || exit 1
  done
  # The overlapped launch without its wait (launch_overlap still claimed):
  # long rows, whose grids at a few rows leave processors free to the next
  # grid while their rows are still read (shorter rows were not caught).
  python3 "$ROOT/tools/gpu/no_wait_control.py" "$ROOT/out/sweep" "$ROOT/out/negative/no-wait" \
    bf16_65536 f16_65536 f32_65536 > /dev/null || exit 1
  echo "emitted negative controls into out/negative"
}

# The sweep's verdict on its log (ARG): a summary line, the first failures,
# and a non-zero status when a case failed (FAIL), a harness call exited
# non-zero ("exit status" is logged only for the last call of a group, so
# FAIL lines count on their own) or no case ran.
judge_sweep() {
  local log=$1 passed failed
  passed=$(grep -c '^PASS' "$log") failed=$(grep -c '^FAIL' "$log")
  echo "sweep: $passed passed, $failed failed, $(grep -c 'error' "$log") errors"
  grep -E '^FAIL|error' "$log" | head -5
  (( passed > 0 )) || { echo "sweep: no case ran"; return 1; }
  ! grep -qE '^FAIL|exit status' "$log"
}

# Args: all (the default), or sweep / checks, its two halves, for a device
# call that would not fit both (all took 490-577 s of a 600 s call in the
# twentieth session): sweep = the sweep and its table; checks = the chains,
# negative controls, error paths and compute-sanitizer.
run() {
  local part=${1:-all}
  local out="${OUT:-/tmp}" status=0 started=$SECONDS
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  build_harness
  local harness=$HARNESS log="$out/harness-sweep.txt"
  if [[ $part != checks ]]; then
    : > "$log"
    # One harness process per kernel, in parallel (the fp64 reference is CPU
    # work); each writes its own log.
    mkdir -p /tmp/sweep-logs && rm -f /tmp/sweep-logs/*
    sweep_one() {
      local harness=$1 manifest=$2 n big
      n=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['n'])" "$manifest")
      big=32768
      (( n > 4096 )) && big=$(( (1 << 25) / n ))   # cap M*N so the fp64 check stays fast
      local name; name=$(basename "$manifest" .json)
      # Every row stride compiled in: the harness runs at those, no others
      # (and at the kernel's one M when the source fixed that too).
      local rows=1,2,3,7,rpb-1,rpb+1,$big fixed_rows
      fixed_rows=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['static_rows'] or '')" "$manifest")
      [[ -n $fixed_rows ]] && rows=$fixed_rows
      if python3 -c "import json,sys; m=json.load(open(sys.argv[1])); sys.exit(0 if m['static_row_strides'] and not any(p['name'].endswith('_row_stride') for p in m['params']) else 1)" "$manifest"; then
        { "$harness" "$manifest" --rows $rows
          "$harness" "$manifest" --rows ${fixed_rows:-7} --inputs large,zero-rows,subnormal,non-finite,overflow
          "$harness" "$manifest" --rows ${fixed_rows:-7} --epsilon 0.25 --inputs normal,zero-rows; } \
            > "/tmp/sweep-logs/$name.txt" 2>&1 \
          || echo "exit status $? for $name" >> "/tmp/sweep-logs/$name.txt"
        return
      fi
      # --epsilon applies to kernels that take it as a parameter. A kernel
      # whose M the source fixed (with strides given at launch) runs at that M.
      local few=${fixed_rows:-7} pair=${fixed_rows:-7,33}
      { "$harness" "$manifest" --rows $rows --strides n,aligned,misaligned
        "$harness" "$manifest" --rows $few --strides n,misaligned \
          --inputs large,zero-rows,subnormal,non-finite,overflow
        "$harness" "$manifest" --rows $few --strides n --epsilon 0.25 \
          --inputs normal,zero-rows
        # x and y rows at different alignment phases (rownorm-align-rows: y
        # stored element by element where its head differs from x's); in
        # place, one buffer at one stride.
        local y_stride=$((n + 1))
        python3 -c "import json,sys; sys.exit(0 if any(p['name'] == 'xy' for p in json.load(open(sys.argv[1]))['params']) else 1)" "$manifest" \
          && y_stride=$((n + 3))
        "$harness" "$manifest" --rows $pair --x-stride $((n + 3)) --y-stride $y_stride; } \
          > "/tmp/sweep-logs/$name.txt" 2>&1 \
        || echo "exit status $? for $name" >> "/tmp/sweep-logs/$name.txt"
    }
    export -f sweep_one
    ls "$ROOT"/out/sweep/*.sm_90.json | xargs -P "$(nproc)" -I{} bash -c "sweep_one $harness {}"
    # M = 32768 for the long rows too: x repeats 61 distinct rows (a prime), so
    # the fp64 reference stays cheap while every output row is compared.
    big_m() {
      local harness=$1 manifest=$2 name
      name=$(basename "$manifest" .json)
      "$harness" "$manifest" --rows 32768 --strides misaligned --unique-rows 61 \
        > "/tmp/sweep-logs/$name.bigm.txt" 2>&1 \
        || echo "exit status $? for $name (M = 32768)" >> "/tmp/sweep-logs/$name.bigm.txt"
    }
    export -f big_m
    for manifest in "$ROOT"/out/sweep/*.sm_90.json; do
      # (not the kernels whose M is fixed: they serve only that M)
      n=$(python3 -c "import json,sys; m=json.load(open(sys.argv[1])); print(0 if m['static_rows'] else m['n'])" "$manifest")
      (( n > 4096 )) && echo "$manifest"
    done | xargs -P 4 -I{} bash -c "big_m $harness {}"
    cat /tmp/sweep-logs/*.txt > "$log"
    echo "[$((SECONDS - started)) s] sweep done"
    judge_sweep "$log" || status=1
  fi
  if [[ $part != sweep ]]; then
    overlap_checks "$harness" "$out" || status=1
    # Negative controls: expected failures.
    local neg="$out/harness-negative.txt"
    rm -f /tmp/caught-*
    : > "$neg"
    for control in no-mask f16-accumulate skip-last-row; do
      for manifest in "$ROOT"/out/negative/$control/*.json; do
        "$harness" "$manifest" --rows 7,33 --strides misaligned,n --inputs normal,large \
          --expect-fail > /tmp/neg.txt 2>&1
        local rc=$?
        echo "$control $(basename "$manifest" .json): $(tail -1 /tmp/neg.txt) (exit $rc)" >> "$neg"
        # A control counts as caught only if at least one of its kernels fails.
        [[ $rc -eq 0 ]] && touch "/tmp/caught-$control"
      done
      [[ -f "/tmp/caught-$control" ]] || { echo "negative control $control NOT caught"; status=1; }
    done
    cat "$neg"
    echo "[$((SECONDS - started)) s] negative controls done"
    # Error paths that need a GPU: another chip's manifest, a misaligned base.
    local k="$ROOT/out/sweep/bf16_4096.sm_90.json"
    sed 's/"chip": "sm_90"/"chip": "sm_80"/' "$k" > /tmp/other-chip.json
    cp "$ROOT"/out/sweep/bf16_4096.sm_90.cubin /tmp/
    expect_error() { # exit status 2 and the message
      local want=$1; shift
      "$harness" "$@" > /tmp/err.txt 2>&1; local rc=$?
      if [[ $rc -eq 2 ]] && grep -q "$want" /tmp/err.txt; then
        echo "error path ok: $(cat /tmp/err.txt)"
      else
        echo "error path FAILED (exit $rc): $(cat /tmp/err.txt)"; status=1
      fi
    }
    expect_error "the manifest is for sm_80 but the device is sm_90" /tmp/other-chip.json --rows 4
    expect_error "base pointer of x is misaligned by 2 bytes" "$k" --rows 4 --misalign-bytes 2
    # compute-sanitizer on odd N and M not a multiple of rows per block.
    for tool in memcheck racecheck; do
      compute-sanitizer --tool $tool --error-exitcode 7 "$harness" "$ROOT/out/sweep/bf16_1001.sm_90.json" \
        --rows rpb+1,7 --strides misaligned,aligned > "$out/sanitizer-$tool.txt" 2>&1 || status=1
      compute-sanitizer --tool $tool --error-exitcode 7 "$harness" "$ROOT/out/sweep/f16_13.sm_90.json" \
        --rows rpb+1,3 --strides misaligned,n >> "$out/sanitizer-$tool.txt" 2>&1 || status=1
      # Head, aligned body and tail (the weight's second aligned access ends
      # at the row's end); x and y at different phases.
      compute-sanitizer --tool $tool --error-exitcode 7 "$harness" "$ROOT/out/sweep/bf16_4099.sm_90.json" \
        --rows rpb+1,7 --strides misaligned,n >> "$out/sanitizer-$tool.txt" 2>&1 || status=1
      compute-sanitizer --tool $tool --error-exitcode 7 "$harness" "$ROOT/out/sweep/f32_127.sm_90.json" \
        --rows rpb+1,7 --x-stride 130 --y-stride 128 >> "$out/sanitizer-$tool.txt" 2>&1 || status=1
      # Rows whose strides the source fixes at N, staged (in place too).
      compute-sanitizer --tool $tool --error-exitcode 7 "$harness" "$ROOT/out/sweep/bf16_127_fixed_strides.sm_90.json" \
        --rows rpb+1,7 >> "$out/sanitizer-$tool.txt" 2>&1 || status=1
      compute-sanitizer --tool $tool --error-exitcode 7 "$harness" "$ROOT/out/sweep/f16_127_fixed_strides_in_place.sm_90.json" \
        --rows rpb+1,7 >> "$out/sanitizer-$tool.txt" 2>&1 || status=1
      compute-sanitizer --tool $tool --error-exitcode 7 "$harness" "$ROOT/out/sweep/bf16_127_fixed_rows.sm_90.json" \
        --rows 4099 >> "$out/sanitizer-$tool.txt" 2>&1 || status=1
      echo "$tool: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/sanitizer-$tool.txt" | sort | uniq -c | tr '\n' ' ')"
    done
  fi
  if [[ $part != checks ]]; then
    echo "== table: per dtype, cases passed / failed, max ULP"
    for t in "${DTYPES[@]}"; do
      echo "$t: $(grep -c "^PASS [^ ]* $t " "$log") passed, $(grep -c "^FAIL [^ ]* $t " "$log") failed, max_ulp $(grep " $t " "$log" | sed -n 's/.*max_ulp=\([0-9]*\).*/\1/p' | sort -n | tail -1)"
    done
  fi
  echo "[$((SECONDS - started)) s] done; exit status: $status"
  return $status
}

# Launches back to back in one stream, each reading what the one before
# wrote (--chain: an overlapped launch must wait for it), on short and long
# rows of each dtype at 1 to 132 rows; then the negative control of kernels
# that claim launch_overlap without the wait (out/negative/no-wait), caught
# only by a failed chain (`FAIL chain`), not by the single launch the
# harness also checks. That control is a race: it shows at a few rows of
# 64 KiB or more, where a grid leaves processors free to the next one while
# its rows are still read (GPU results 2026-12-02s14b: bf16 65536 at 8 / 32 /
# 132 rows, f32 65536 at 8 / 32; never on rows of 2-32 KiB), and counts as
# caught when any of its kernels is. Its kernels run from PTX (the driver
# compiles them at load), the chains from the cubins. Args: HARNESS OUT.
overlap_checks() {
  local harness=$1 out=$2 status=0 k m rc
  local chain="$out/harness-chain.txt" nowait="$out/harness-no-wait.txt"
  : > "$chain"
  : > "$nowait"
  for k in bf16_1 f32_127 bf16_127_fixed_strides f16_1001 bf16_4096 f16_16384 f32_32768 bf16_65536 f16_65536 f32_65536; do
    "$harness" "$ROOT/out/sweep/$k.sm_90.json" --rows 1,8,32,132 --chain 6 >> "$chain" 2>&1 \
      || { echo "exit status $? for the chain of $k" >> "$chain"; status=1; }
  done
  echo "chain: $(grep -c '^PASS chain' "$chain") passed, $(grep -c '^FAIL chain' "$chain") failed"
  grep -E '^FAIL|exit status' "$chain" | head -5
  local caught=0
  for m in "$ROOT"/out/negative/no-wait/*.json; do
    "$harness" "$m" --rows 8,32,132 --chain 6 --expect-fail > /tmp/no-wait.txt 2>&1
    rc=$?
    grep '^FAIL chain' /tmp/no-wait.txt >> "$nowait"
    echo "no-wait $(basename "$m" .json): $(tail -1 /tmp/no-wait.txt) (exit $rc)" >> "$nowait"
    [[ $rc -eq 0 ]] && grep -q '^FAIL chain' /tmp/no-wait.txt && caught=1
  done
  grep '^no-wait' "$nowait"
  (( caught )) || { echo "negative control no-wait NOT caught"; status=1; }
  return $status
}

timings() {
  # A few timings (events with L2 flushed; graph replay for small M); not
  # part of the pass/fail suite, so that `run` fits one device call.
  local out="${OUT:-/tmp}" harness=$HARNESS
  [[ -x $harness ]] || build_harness
  : > "$out/harness-time.txt"
  for k in bf16_4096 f16_8192 f32_4096 bf16_128 bf16_5120 f16_4097 bf16_1; do
    "$harness" "$ROOT/out/sweep/$k.sm_90.json" --rows 32768 --time --reps 30 2>&1 | grep '^TIME' >> "$out/harness-time.txt"
    "$harness" "$ROOT/out/sweep/$k.sm_90.json" --rows 16 --time --reps 30 2>&1 | grep '^TIME' >> "$out/harness-time.txt"
  done
  cut -c1-150 "$out/harness-time.txt"
}

case "${1:-}" in
  emit) emit ;;
  run)
    case "${2:-all}" in
      all|sweep|checks) run "${2:-all}" ;;
      *) echo "usage: $0 run [all|sweep|checks]" >&2; exit 2 ;;
    esac ;;
  time) timings ;;
  judge-sweep) judge_sweep "${2:?usage: $0 judge-sweep LOG}" ;;
  overlap)
    # The chains and the no-wait control alone (run does them too).
    build_harness
    overlap_checks "$HARNESS" "${OUT:-/tmp}" ;;
  *) echo "usage: $0 emit|run [all|sweep|checks]|time|overlap|judge-sweep LOG" >&2; exit 2 ;;
esac
