#!/usr/bin/env bash
# Fourteenth session (s14c): which part of pipelined_rows.cu's one-row
# kernel (r1 in s14b: +1.1 to +2.5% over ours at 4096 x 16384, 97.2-98.7%
# of the copy) makes it faster: x held or read again after the reduction,
# w loaded first or after it (folders hf / rf / hl / rl, see
# pipelined_rows_manifests.py), at 4096 / 8192 / 32768 rows, two runs per
# 16-bit dtype.
# Here, before the call:
#   tools/gpu/benchmark.sh emit
#   nvcc -arch=sm_90 -O3 -cubin tools/gpu/prototypes/pipelined_rows.cu -o out/pipe/pipelined_rows.cubin
#   python3 tools/gpu/prototypes/pipelined_rows_manifests.py out/bench out/pipe
#   rm -f out/bench/*.h
# There (carry out/bench, out/pipe): bash tools/gpu/prototypes/s14c_run.sh
set -u
R=$OUT/s14c; mkdir -p $R
CELLS=4096x16384,8192x16384,32768x16384
for run in 1 2; do
  for dt in bf16 f16; do
    mkdir -p $R/run$run
    OUT=$R/run$run BENCH_KERNELS=out/bench timeout 150 tools/gpu/benchmark.sh run $dt --cells $CELLS \
      --variant hf=out/pipe/hf --variant rf=out/pipe/rf --variant hl=out/pipe/hl \
      --variant rl=out/pipe/rl > $R/run$run/$dt.log 2>&1 \
      || echo "exit status $? for $dt run $run" >> $R/errors.txt
    grep -E '^(bf16|f16) ' $R/run$run/$dt.log
  done
done
cat $R/errors.txt 2>/dev/null
cd $OUT && tar czf s14c.tgz s14c && rm -rf s14c
