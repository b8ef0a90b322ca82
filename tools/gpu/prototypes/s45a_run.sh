#!/usr/bin/env bash
# Forty-fifth session (s45a): one call for whichever card is lent.
# - Every card: the late-weight twins past their from_rows (299feef: bf16 /
#   f16 768 68267, 896 58515, 1280 40960; f32 896 29258, 1280 20480 rows,
#   ceil(2 x L2 / row bytes)), which s43b (H100, <= 16384 rows) never
#   reached. s43b_run.sh's `ewF` (the first kernel at every M, same PTX)
#   against the product at rows on both sides of each edge.
#   Prediction: below from_rows ewF = ours (A/A, within 1%); past it ewF /
#   ours 0.98-1.02 (beyond twice L2 the late w costs no round trip that
#   the stream does not hide; s42b had 1280's first kernel +4.4% at 32768
#   rows, below its present edge). If ewF leads by >= 2% past the edge in
#   both dtypes, the twin should start later or go.
# - An H200 only: s44a's wf / wfc at 2048 / 4096 x 16-bit 16384, two runs
#   (the done-when 2 cell; the H100 has no gap there).
# Here:  BENCH_KERNELS=out/ewP BENCH_WIDTHS="512 768 896 1280" tools/gpu/benchmark.sh emit
#        and s44a_run.sh's recipe for out/wf0, out/wf1, out/wfC; rm -f out/*/*.h
# There (carry out/ewP, and on an H200 out/wf0 out/wf1 out/wfC):
#        OUT=$OUT bash tools/gpu/prototypes/s45a_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
card=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)
echo "$card"; date -u
R=$OUT/s45a; mkdir -p "$R"; echo "$card" > "$R/card.txt"
if [[ $card == *H200* && -d out/wf1 ]]; then
  NUMERICS=0 RUNS="1 2" DTYPES="bf16 f16" ROWS_CELLS=4096x16384,2048x16384 OUT=$R \
    timeout 300 bash tools/gpu/prototypes/s44a_run.sh 2>&1 | tail -24
fi
ROWS="32768 65536 98304" W16="768 896 1280" RUNS=1 DTYPES="bf16 f16" OUT=$R/w16 \
  timeout 200 bash tools/gpu/prototypes/s43b_run.sh 2>&1 | tail -26
ROWS="16384 32768 65536" W16="896 1280" RUNS=1 DTYPES=f32 OUT=$R/w32 \
  timeout 90 bash tools/gpu/prototypes/s43b_run.sh 2>&1 | tail -12
date -u
# One archive: the device returns a limited number of files.
cd "$OUT" && tar czf s45a.tgz s45a && rm -rf s45a
