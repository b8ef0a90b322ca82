#!/usr/bin/env bash
# Nsight Compute on our kernels (tools/gpu/nsight_launch.py), GPU machine only:
#   tools/gpu/nsight.sh CELLS [KERNELS]   (CELLS: dtype:MxN,...; KERNELS:
#   an emitted folder, default out/bench; carry it)
# Writes to $OUT (default /tmp): profile.txt (ncu's text report of both
# launches of each cell: the second runs past module loading; ncu empties
# the caches and fixes the clocks before each) and sass-<kernel>.txt
# (cuobjdump of each cell's cubin); prints tools/gpu/nsight_summary.py's
# table of both. NCU_EXTRA: more ncu options, e.g. `--cache-control none`
# (the second launch then finds x in the L2, as the benchmark's graph
# column does for cells under 64 MiB).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=runtime-lib.sh
source "$ROOT/tools/gpu/runtime-lib.sh"
if [[ $# -lt 1 ]]; then
  echo "usage: $0 dtype:MxN[,dtype:MxN...] [KERNELS]" >&2
  exit 2
fi
IFS=, read -ra cells <<< "$1"
kernels=${2:-out/bench}
[[ $kernels = /* ]] || kernels="$ROOT/$kernels"
out="${OUT:-/tmp}"
# Every cell's manifest first, and the cubin it names: a missing one stops
# the run before the profiler starts.
cubins=()
for cell in "${cells[@]}"; do
  if [[ ! $cell =~ ^(f32|f16|bf16):[0-9]+x[0-9]+$ ]]; then
    echo "nsight.sh: '$cell' is not dtype:MxN" >&2
    exit 2
  fi
  dtype=${cell%%:*} n=${cell##*x}
  manifest="$kernels/rms_norm_${dtype}_${n}.sm_90.json"
  if [[ ! -f $manifest ]]; then
    echo "nsight.sh: no manifest $manifest" >&2
    exit 1
  fi
  cubins+=("$kernels/$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["files"]["cubin"])' "$manifest")")
done
build_runtime
# Three pipes' busy share (tools/gpu/nsight_summary.py's last columns).
PIPES=sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active
PIPES+=,sm__inst_executed_pipe_fmaheavy.avg.pct_of_peak_sustained_active
PIPES+=,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active
# shellcheck disable=SC2086 # NCU_EXTRA is a list of options
if ! ncu --kernel-name regex:rms_norm ${NCU_EXTRA:-} \
  --section SpeedOfLight --section MemoryWorkloadAnalysis \
  --section WarpStateStats --section SchedulerStats --section Occupancy \
  --section LaunchStats --section InstructionStats --section SourceCounters \
  --metrics "$PIPES" \
  --print-details all \
  python3 "$ROOT/tools/gpu/nsight_launch.py" --kernels "$kernels" \
  --runtime "$RUNTIME_LIB" --cells "$1" > "$out/profile.txt" 2>&1; then
  tail -30 "$out/profile.txt"
  echo "nsight.sh: ncu failed (report: $out/profile.txt)" >&2
  exit 1
fi
listings=()
for cubin in "${cubins[@]}"; do
  listing="$out/sass-$(basename "$cubin" .cubin).txt"
  # One listing per image (a prototype's image holds all its kernels).
  [[ " ${listings[*]} " == *" $listing "* ]] && continue
  cuobjdump -sass "$cubin" > "$listing"
  listings+=("$listing")
done
python3 "$ROOT/tools/gpu/nsight_summary.py" "$out/profile.txt" "${listings[@]}"
