#!/usr/bin/env bash
# Nsight Compute on our kernels (tools/gpu/nsight_launch.py), GPU machine only:
#   tools/gpu/nsight.sh CELLS [KERNELS]   (CELLS: dtype:MxN,...; KERNELS:
#   an emitted folder, default out/bench; carry it)
# Writes to $OUT (default /tmp): profile.txt (ncu's details of both launches
# of each cell; the second is warm) and sass-<kernel>.txt (cuobjdump of
# each cubin); prints tools/gpu/nsight_summary.py's table of profile.txt.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=runtime-lib.sh
source "$ROOT/tools/gpu/runtime-lib.sh"
cells=$1
kernels="$ROOT/${2:-out/bench}"
out="${OUT:-/tmp}"
build_runtime
ncu --kernel-name regex:rms_norm \
  --section SpeedOfLight --section MemoryWorkloadAnalysis \
  --section WarpStateStats --section SchedulerStats --section Occupancy \
  --section LaunchStats --section InstructionStats --section SourceCounters \
  --print-details all \
  python3 "$ROOT/tools/gpu/nsight_launch.py" --kernels "$kernels" \
  --runtime "$RUNTIME_LIB" --cells "$cells" > "$out/profile.txt" 2>&1
for cell in ${cells//,/ }; do
  dtype=${cell%%:*}; n=${cell##*x}
  cubin="$kernels/rms_norm_${dtype}_${n}.sm_90.cubin"
  cuobjdump -sass "$cubin" > "$out/sass-${dtype}_${n}.txt"
done
python3 "$ROOT/tools/gpu/nsight_summary.py" "$out/profile.txt"
