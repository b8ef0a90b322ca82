#!/usr/bin/env bash
# Fourteenth session (s14f): rownorm-hoist-row-loads with batches of 32
# registers instead of 24 (hoist-budget-switch.patch, variant b32) on the
# whole suite: two runs of bf16 and f16, one of f32.
# Here, before the call: tools/gpu/benchmark.sh emit; the patch's emit line;
#   rm -f out/bench/*.h out/bench-b32/*.h
# There (carry out/bench, out/bench-b32): bash tools/gpu/prototypes/s14f_run.sh
# Also the loop of later A/B runs of a variant on the whole suite:
#   NAME=RECORD VARIANT=LABEL=DIR bash tools/gpu/prototypes/s14f_run.sh
set -u
NAME=${NAME:-s14f}
VARIANT=${VARIANT:-b32=out/bench-b32}
R=$OUT/$NAME; mkdir -p $R
for run in 1 2; do
  for dt in bf16 f16 f32; do
    [[ $run == 2 && $dt == f32 ]] && continue
    mkdir -p $R/run$run
    OUT=$R/run$run BENCH_KERNELS=out/bench timeout 150 tools/gpu/benchmark.sh run $dt \
      --variant $VARIANT > $R/run$run/$dt.log 2>&1 \
      || echo "exit status $? for $dt run $run" >> $R/errors.txt
    tail -1 $R/run$run/$dt.log
  done
done
cat $R/errors.txt 2>/dev/null
cd $OUT && tar czf $NAME.tgz $NAME && rm -rf $NAME
