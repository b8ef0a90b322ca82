#!/usr/bin/env bash
# Prepared in the twelfth session (not run: its device time was spent):
# whether partial waves of resident blocks are what the first kernels for
# few rows lose at mid M. Rows resident at once (registers and threads per
# processor, 132 processors): bf16 3584 HEAD (64 threads, 93 registers, 10
# blocks) 1320, `r1b` (128 threads, 59 -> 64 registers, 8 blocks) 1056;
# 2560 HEAD (64, 64 registers, 16 blocks) 2112, `r1b` (128, 48, 10) 1320;
# 7168 HEAD (128, 94 -> 96, 5 blocks) 660 (`r1b` leaves 7168 as it is). s12d
# fits the hypothesis at 2048 / 4096 rows (3584: r1b at 1.94 / 3.9 waves
# beat HEAD at 1.55 / 3.1 by 6.5 / 2%; 2560: HEAD at 0.97 / 1.94 beat r1b
# at 1.55 / 3.1 by 3%); this times both at whole and half waves, twice.
# Here, before the call:
#   BENCH_KERNELS=out/bench-head tools/gpu/benchmark.sh emit        (HEAD)
#   git apply tools/gpu/prototypes/few-rows-block-threads.patch && ninja -C build
#   BENCH_KERNELS=out/bench-r1b tools/gpu/benchmark.sh emit
#   git checkout lib/Transforms/TileRows.cpp && ninja -C build
#   rm -f out/bench-head/*.h out/bench-r1b/*.h
# There (carry out/bench-head, out/bench-r1b): bash tools/gpu/prototypes/s12h_run.sh
set -u
R=$OUT/s12h
C=1056x3584,1320x3584,1584x3584,2048x3584,2112x3584,2640x3584,3168x3584,3960x3584
C=$C,1320x2560,1980x2560,2112x2560,2640x2560,3168x2560,4224x2560
C=$C,660x7168,990x7168,1320x7168,1650x7168,1980x7168
for run in 1 2; do
  mkdir -p $R/run$run
  OUT=$R/run$run BENCH_KERNELS=out/bench-head timeout 100 tools/gpu/benchmark.sh run bf16 --cells $C \
    --variant r1b=out/bench-r1b > $R/run$run/log 2>&1 || echo "exit status $? for run $run"
  grep -v "^ " $R/run$run/*-bench-bf16-h200.txt | tail -1
done
cd $OUT && tar czf s12h.tgz s12h && rm -rf s12h
