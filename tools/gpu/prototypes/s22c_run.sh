#!/usr/bin/env bash
# Twenty-second session: the whole suite, two runs per dtype, on the default
# pipeline at b21c434 (odd 16-bit rows staged to 256; no suite cell among
# 201-255, so of the suite kernels only f32 127 changed since `s17b`, by
# the staged ties of 7e94aea). The judged runs on the present form.
# Prediction: as `s17b` but f32 127 ~91% of the copy (s21e): judge bf16 and
# f16 23 of 29, f32 26 of 29 (f32 127 still under its adjacency limit).
# Here, before the call:
#   tools/gpu/benchmark.sh emit && rm -f out/bench/*.h
# There (carry out/bench): bash tools/gpu/prototypes/s22c_run.sh
# Then, here: python3 tools/gpu/judge.py RUN1.json RUN2.json per dtype.
set -u
NAME=${NAME:-s22c}
R=$OUT/$NAME; mkdir -p $R
for run in 1 2; do
  for dt in bf16 f16 f32; do
    mkdir -p $R/run$run
    OUT=$R/run$run BENCH_KERNELS=out/bench timeout 150 tools/gpu/benchmark.sh run $dt \
      > $R/run$run/$dt.log 2>&1 || echo "exit status $? for $dt run $run" >> $R/errors.txt
    tail -1 $R/run$run/$dt.log
  done
done
cat $R/errors.txt 2>/dev/null
cd $OUT && tar czf $NAME.tgz $NAME && rm -rf $NAME
