#!/usr/bin/env bash
# Twelfth session, last call: whether whole waves of resident blocks are
# what HEAD's first kernels lack at mid M (s12f: bf16 3584 at 93 registers,
# 10 blocks of 64 threads per processor = 1320 rows resident; 7168 at 94,
# 5 blocks of 128 = 660 rows): bf16 3584 at 1, 1.5, 1.55, 2, 2.5, 3 waves
# and 7168 likewise, against the peers, twice.
# Here: BENCH_KERNELS=out/bench-head tools/gpu/benchmark.sh emit (0ef1d1c).
# There (carry out/bench-head): bash tools/gpu/prototypes/s12h_run.sh
set -u
R=$OUT/s12h
C=1320x3584,1980x3584,2048x3584,2640x3584,3300x3584,3960x3584,660x7168,990x7168,1024x7168,1320x7168,1650x7168,1980x7168
for run in 1 2; do
  mkdir -p $R/run$run
  OUT=$R/run$run BENCH_KERNELS=out/bench-head timeout 60 tools/gpu/benchmark.sh run bf16 --cells $C \
    > $R/run$run/log 2>&1 || echo "exit status $? for run $run"
  grep -v "^ " $R/run$run/*-bench-bf16-h200.txt | tail -1
done
cd $OUT && tar czf s12h.tgz s12h && rm -rf s12h
