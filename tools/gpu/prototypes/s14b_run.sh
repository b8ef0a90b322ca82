#!/usr/bin/env bash
# Fourteenth session, one device call (~5 min):
#   1. the overlapped launch's negative control again, on long rows: s14a's
#      copies without griddepcontrol.wait passed their chains (the next
#      grid's reads came after the previous grid's writes anyway: short
#      kernels); here rows of 64-256 KiB at 8-132 rows, a grid that leaves
#      most processors free to the next one while it still reads. Expected
#      to FAIL; the same kernels with the wait expected to pass;
#   2. pipelined_rows.cu (p / n / r1) against ours on the long 16-bit rows
#      that trail torch.compile, two runs per dtype.
# Here, before the call:
#   tools/gpu/harness.sh emit; tools/gpu/benchmark.sh emit
#   python3 tools/gpu/no_wait_control.py out/sweep out/negative/no-wait-long \
#     bf16_65536 f32_65536 f32_32768 f16_16384
#   nvcc -arch=sm_90 -O3 -cubin tools/gpu/prototypes/pipelined_rows.cu -o out/pipe/pipelined_rows.cubin
#   python3 tools/gpu/prototypes/pipelined_rows_manifests.py out/bench out/pipe
#   rm -f out/sweep/*.h out/bench/*.h
# There (carry out/sweep, out/negative, out/bench, out/pipe):
#   bash tools/gpu/prototypes/s14b_run.sh
set -u
R=$OUT/s14b; mkdir -p $R
cmake -S tools/rmsnorm-harness -B /tmp/harness-build -G Ninja > /tmp/hc.log 2>&1 \
  && cmake --build /tmp/harness-build > /tmp/hb.log 2>&1 || { cat /tmp/hc.log /tmp/hb.log; exit 1; }
H=/tmp/harness-build/bin/rmsnorm-harness
for m in out/negative/no-wait-long/*.json; do
  k=$(basename $m .json)
  timeout 60 stdbuf -oL $H out/sweep/$k.json --rows 8,32,132 --chain 6 >> $R/chain-long.txt 2>&1 \
    || echo "exit status $? for $k" >> $R/chain-long.txt
  timeout 60 stdbuf -oL $H $m --rows 8,32,132 --chain 6 --expect-fail > /tmp/nw.txt 2>&1
  rc=$?
  cat /tmp/nw.txt >> $R/no-wait-long-log.txt
  echo "$k: $(tail -1 /tmp/nw.txt) (exit $rc)" >> $R/no-wait-long.txt
done
echo "chain (with the wait): $(grep -c '^PASS chain' $R/chain-long.txt) passed, $(grep -c '^FAIL chain' $R/chain-long.txt) failed, $(grep -c 'exit status' $R/chain-long.txt) nonzero exits"
cat $R/no-wait-long.txt
CELLS=32768x7168,32768x8192,32768x11008,4096x16384,32768x16384
for run in 1 2; do
  for dt in bf16 f16; do
    mkdir -p $R/run$run
    OUT=$R/run$run BENCH_KERNELS=out/bench timeout 200 tools/gpu/benchmark.sh run $dt --cells $CELLS \
      --variant p=out/pipe/p --variant n=out/pipe/n --variant r1=out/pipe/r1 > $R/run$run/$dt.log 2>&1 \
      || echo "exit status $? for $dt run $run" >> $R/errors.txt
    tail -3 $R/run$run/$dt.log
  done
done
cat $R/errors.txt 2>/dev/null
cd $OUT && tar czf s14b.tgz s14b && rm -rf s14b
