#!/usr/bin/env bash
# Prepared in the twenty-sixth session, ran in the twenty-seventh (s27b;
# results/2026-12-03s27-transcribed-h200.txt):
# where the 16-bit 127 kernels lose in back-to-back calls. In one launch
# (ncu, s26c; the records' event columns) ours' 127 runs 0-9% behind 128,
# in the graph column 24%; the staged copy alone in its kernel (s26d, `so`)
# and the hand-written bulk copy (`bulk1`) gain 4-8% there only. Nsight
# Compute's graph profiling measures a replayed graph of 20 calls as one
# workload (prototypes/graph_launch.py), caches left as they are.
# Prediction: 128's graph shows its kernels overlapping (duration per call
# ~3.9 us, below one launch's); ours' 127 less so, with more cycles where
# no warp is resident or eligible between kernels; `so` between.
# Here: tools/gpu/benchmark.sh emit (out/bench); out/so as
# s26d_run.sh's header says; out/bulk1 as s26b_run.sh's; rm -f out/*/*.h
# There (carry out/bench, out/so, out/bulk1): bash tools/gpu/prototypes/s27b_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
# shellcheck source=../runtime-lib.sh
source "$ROOT/tools/gpu/runtime-lib.sh"
build_runtime
R=$OUT/s27b; mkdir -p "$R"
ncu --graph-profiling graph --cache-control none \
  --section SpeedOfLight --section WarpStateStats --section SchedulerStats \
  --section Occupancy --section LaunchStats --print-details all \
  python3 "$ROOT/tools/gpu/prototypes/graph_launch.py" --runtime "$RUNTIME_LIB" \
  --folders "$ROOT/out/bench,$ROOT/out/so,$ROOT/out/bulk1" \
  --cells f16:32768x127,bf16:32768x127 > "$R/profile.txt" 2>&1 || tail -30 "$R/profile.txt"
ncu --graph-profiling graph --cache-control none \
  --section SpeedOfLight --section WarpStateStats --section SchedulerStats \
  --section Occupancy --section LaunchStats --print-details all \
  python3 "$ROOT/tools/gpu/prototypes/graph_launch.py" --runtime "$RUNTIME_LIB" \
  --folders "$ROOT/out/bench" --cells f16:32768x128,bf16:32768x128 > "$R/profile-128.txt" 2>&1 \
  || tail -30 "$R/profile-128.txt"
grep -E "Duration|Elapsed Cycles|No Eligible|Achieved Occupancy|replayed" "$R"/profile*.txt | head -60
cd "$OUT" && tar czf s27b.tgz s27b && rm -rf s27b
