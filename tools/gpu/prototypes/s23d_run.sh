#!/usr/bin/env bash
# Twenty-third session: torch.compile's layout at f32 32768 x 32768 (`s23c`:
# one row per block of 1024 threads, 32 values held a thread, 54 registers,
# 50% occupancy; 2.03 against ours' 2.07 ms under ncu, DRAM 87.9 against
# 85.9%) made by our compiler: `t1024h` = threads-per-row=1024 with the row
# held (cache-hints=none: no re-read; 49 registers), `t1024r` = the same
# schedule with the default re-read (37 registers; `2026-12-01zb`'s
# r1_t1024, 96.2% of the copy). Ours: 512 threads x 16 vectors held, 98
# registers, 25% occupancy. f32 16384 along (ours 512 x 8, 54 registers).
# Prediction: t1024h +1.5 to +2.5% at 32768 x 32768 (the peer's lead),
# t1024r -1 to -3%; 16384 within +-1%.
# Here: tools/gpu/benchmark.sh emit, then
#   BENCH_WIDTHS="16384 32768" BENCH_KERNELS=out/bench-t1024h \
#     BENCH_PIPELINE="cache-hints=none threads-per-row=1024 rows-per-block=1 vector-width=4" \
#     tools/gpu/benchmark.sh emit
#   BENCH_WIDTHS="16384 32768" BENCH_KERNELS=out/bench-t1024r \
#     BENCH_PIPELINE="threads-per-row=1024 rows-per-block=1 vector-width=4" \
#     tools/gpu/benchmark.sh emit
# There (carry out/bench, out/bench-t1024h, out/bench-t1024r):
#   bash tools/gpu/prototypes/s23d_run.sh   -> $OUT/s23d.tgz
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
R=$OUT/s23d
for run in 1 2; do
  mkdir -p "$R/run$run"
  OUT="$R/run$run" timeout 200 "$ROOT/tools/gpu/benchmark.sh" run f32 \
    --cells 32768x32768,32768x16384,4096x16384 \
    --variant t1024h=out/bench-t1024h --variant t1024r=out/bench-t1024r \
    > "$R/run$run/log.txt" 2>&1 || echo "exit status $? in run $run"
  grep -A4 "^dtype" "$R/run$run/log.txt"
done
python3 "$ROOT/tools/gpu/variant_ratio.py" t1024h,t1024r "$R"/run*/*-bench-f32-h200.json
cd "$OUT" && tar czf s23d.tgz s23d && rm -rf s23d
