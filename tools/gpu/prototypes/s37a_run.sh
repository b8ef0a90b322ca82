#!/usr/bin/env bash
# Thirty-seventh session (s37a): why 16-bit 4096 x 16384 stays at 95.5-96.5%
# of the copy while 32768 x 16384 reaches 99-100.5% (same kernel: 512
# threads x 4 vectors, one row a block, 58 / 62 registers, so 2 blocks =
# 264 rows in flight on 132 processors). Rows around 4096: 3960 and 4224
# fill 15 and 16 rounds of 264 exactly, 4096 and 4356 leave the last round
# half full; 8192 beside. Default kernels, two runs per dtype.
# Predictions: if the half-full last round costs the gap, ours / copy at
# 3960 and 4224 is >= 1.5 points above 4096 and 4356; if a fixed cost per
# launch (ramp, first loads) does, the % of the copy rises with M alone:
# 3960 ~ 4096 ~ 4224 within 0.5 points, 8192 ~ +1.5.
# Here: BENCH_KERNELS=out/tail BENCH_WIDTHS="16384" tools/gpu/benchmark.sh emit;
#   rm -f out/tail/*.h
# There (carry out/tail): bash tools/gpu/prototypes/s37a_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
R=$OUT/s37a; mkdir -p "$R"
CELLS=3960x16384,4096x16384,4224x16384,4356x16384,8192x16384
for run in 1 2; do
  for dt in bf16 f16; do
    mkdir -p "$R/run$run"
    OUT=$R/run$run BENCH_KERNELS=out/tail timeout ${TIMEOUT:-150} \
      bash "$ROOT/tools/gpu/benchmark.sh" run "$dt" --cells "$CELLS" > "$R/run$run/$dt.log" 2>&1
    echo "run $run $dt exit $?"; grep -E "^(dtype|bf16|f16) " "$R/run$run/$dt.log" | cut -c1-150
  done
done
cd "$OUT" && tar czf s37a.tgz s37a && rm -rf s37a
