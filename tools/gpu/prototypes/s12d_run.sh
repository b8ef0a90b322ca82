#!/usr/bin/env bash
# Twelfth session, second call: the first kernel of one with a kernel for
# many rows at one row per block (`r1a`: the same threads per row; `r1b`:
# the block's threads all on the one row) against HEAD's two rows per block,
# at 64-12288 rows of 16-bit 2560 / 3584 (the only benchmark kernels it
# changes), twice. Here, before the call:
#   BENCH_KERNELS=out/bench tools/gpu/benchmark.sh emit       (at d0ec929)
#   BENCH_KERNELS=out/bench-r1a tools/gpu/benchmark.sh emit   (spreadFewRows
#     as committed: one row per block, the threads per row kept)
#   BENCH_KERNELS=out/bench-r1b tools/gpu/benchmark.sh emit   (spreadFewRows
#     with threads per row = rows x threads of the first schedule and
#     vectors_per_thread = ScheduleAttr::vectorsPerThreadFor(N, 8, threads):
#     bf16 / f16 2560 128 x 3 (48 registers), 3584 128 x 4 (59))
#   rm -f out/bench*/*.h
# There: bash tools/gpu/prototypes/s12d_run.sh (carry out/bench,
# out/bench-r1a, out/bench-r1b); the records in $OUT/s12d.tgz.
set -u
R=$OUT/s12d
C=""; for m in 64 128 256 512 1024 2048 4096 8192 12288; do for n in 2560 3584; do C="$C,${m}x$n"; done; done
for run in 1 2; do for d in bf16 f16; do
  mkdir -p $R/run$run-$d
  OUT=$R/run$run-$d timeout 70 tools/gpu/benchmark.sh run $d --cells "${C#,}" \
    --variant r1a=out/bench-r1a --variant r1b=out/bench-r1b > $R/run$run-$d/log 2>&1 || echo "exit status $? for $d run $run"
  grep -v "^ " $R/run$run-$d/*-bench-$d-h200.txt | tail -3
done; done
cd $OUT && tar czf s12d.tgz s12d && rm -rf s12d
