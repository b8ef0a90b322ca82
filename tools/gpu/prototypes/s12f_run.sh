#!/usr/bin/env bash
# Twelfth session, last call: Nsight Compute on bf16 2048 x 3584 and
# 1024 x 7168, ours (HEAD's first kernel) against the candidate with the
# Triton peer's layout and the Triton peer (prototypes/s12f_launch.py).
# Here: BENCH_KERNELS=out/bench-head tools/gpu/benchmark.sh emit (at 0ef1d1c);
# out/schedules as s12a's. There (carry out/bench-head, out/schedules):
# bash tools/gpu/prototypes/s12f_run.sh; $OUT/s12f-profile.txt.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
# shellcheck source=../runtime-lib.sh
source "$ROOT/tools/gpu/runtime-lib.sh"
build_runtime
PIPES=sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active
PIPES+=,sm__inst_executed_pipe_fmaheavy.avg.pct_of_peak_sustained_active
PIPES+=,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active
ncu --kernel-name regex:rms_norm \
  --section SpeedOfLight --section MemoryWorkloadAnalysis \
  --section WarpStateStats --section SchedulerStats --section Occupancy \
  --section LaunchStats --section InstructionStats \
  --metrics "$PIPES" --print-details all \
  python3 "$ROOT/tools/gpu/prototypes/s12f_launch.py" --kernels "$ROOT/out/bench-head" \
  --candidates "$ROOT/out/schedules" --runtime "$RUNTIME_LIB" > "$OUT/s12f-profile.txt" 2>&1 \
  || { tail -30 "$OUT/s12f-profile.txt"; exit 1; }
python3 "$ROOT/tools/gpu/nsight_summary.py" "$OUT/s12f-profile.txt"
