#!/usr/bin/env bash
# Fourteenth session (s14e): where the one-row kernel that holds x packed
# and loads w first (pipelined_rows.cu's hf, s14c) stops beating ours at
# 16-bit N = 16384, by rows: 2048 to 32768 rows, one run per dtype (the
# row count from which a kernel for many rows should take over).
# Here, before the call: as s14c_run.sh. There (carry out/bench, out/pipe):
#   bash tools/gpu/prototypes/s14e_run.sh
set -u
R=$OUT/s14e; mkdir -p $R
CELLS=2048x16384,4096x16384,6144x16384,8192x16384,12288x16384,16384x16384,32768x16384
for dt in bf16 f16; do
  OUT=$R BENCH_KERNELS=out/bench timeout 200 tools/gpu/benchmark.sh run $dt --cells $CELLS \
    --variant hf=out/pipe/hf > $R/$dt.log 2>&1 || echo "exit status $? for $dt" >> $R/errors.txt
  grep -E '^(bf16|f16) ' $R/$dt.log
done
cat $R/errors.txt 2>/dev/null
cd $OUT && tar czf s14e.tgz s14e && rm -rf s14e
