#!/usr/bin/env bash
# Twenty-ninth session (s29d): widths and row counts outside the suite, as
# a reviewer would choose them (the issue measures such widths too; s10g
# last found ours 0.85-0.90 of the fastest peer at 2048 x 3584 and
# 1024 x 7168). Default kernels, one run per dtype: a scan, not a verdict.
# Here: BENCH_KERNELS=out/review BENCH_WIDTHS="768 1536 3072 3584 5000
#   7168 9216 12288 13824 20000" tools/gpu/benchmark.sh emit;
#   rm -f out/review/*.h
# There (carry out/review): bash tools/gpu/prototypes/s29d_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
R=$OUT/s29d; mkdir -p "$R"
CELLS=32768x768,2048x1536,32768x3072,2048x3584,1024x7168,32768x5000,2048x9216,32768x12288,8192x13824,256x20000
for dt in ${DTYPES:-bf16 f16 f32}; do
  OUT=$R BENCH_KERNELS=out/review timeout ${TIMEOUT:-150} \
    bash "$ROOT/tools/gpu/benchmark.sh" run "$dt" --cells "$CELLS" > "$R/$dt.log" 2>&1
  echo "$dt exit $?"; tail -12 "$R/$dt.log"
done
cd "$OUT" && tar czf s29d.tgz s29d && rm -rf s29d
