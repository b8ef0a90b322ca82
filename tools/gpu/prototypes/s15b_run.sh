#!/usr/bin/env bash
# Fifteenth session (s15b): rows of unknown alignment staged through shared
# memory by bulk copies (bulk_staged_rows.cu) in 1, 2 or 4 sub-tiles a block
# (variants bulk1 / bulk2 / bulk4) against ours at N = 127 / 1025 and their
# aligned neighbours (there the variants are ours: an A/A control), two runs
# per dtype.
# Here, before the call:
#   tools/gpu/benchmark.sh emit
#   for S in 1 2 4; do d=out/bulk$S; mkdir -p $d
#     nvcc -arch=sm_90 -O3 -cubin -DSUBTILES=$S -DWORD_STORES=0 tools/gpu/prototypes/bulk_staged_rows.cu -o $d/bulk_staged_rows.cubin
#     python3 tools/gpu/prototypes/staged_rows_manifests.py out/bench $d bulk_staged_rows $S
#     for dt in bf16 f16 f32; do for n in 128 1024; do cp out/bench/rms_norm_${dt}_$n.sm_90.{json,cubin} $d/; done; done
#   done
#   rm -f out/bench/*.h
# There (carry out/bench, out/bulk1, out/bulk2, out/bulk4): bash tools/gpu/prototypes/s15b_run.sh
# Also the loop of the later runs (s15d_run.sh, s15f_run.sh):
#   NAME=RECORD CELLS=MxN,... VARIANTS="--variant L=DIR ..." [OURS=DIR] [RUNS="1 2"] \
#     [DTYPES="bf16 f16 f32"] [TIMEOUT=seconds per dtype and run, 150] \
#     bash tools/gpu/prototypes/s15b_run.sh
set -u
NAME=${NAME:-s15b}
OURS=${OURS:-out/bench}
RUNS=${RUNS:-1 2}
CELLS=${CELLS:-32768x127,32768x128,32768x1024,32768x1025}
VARIANTS=${VARIANTS:---variant bulk1=out/bulk1 --variant bulk2=out/bulk2 --variant bulk4=out/bulk4}
R=$OUT/$NAME; mkdir -p $R
for run in $RUNS; do
  for dt in ${DTYPES:-bf16 f16 f32}; do
    mkdir -p $R/run$run
    OUT=$R/run$run BENCH_KERNELS=$OURS timeout ${TIMEOUT:-150} tools/gpu/benchmark.sh run $dt \
      --cells $CELLS $VARIANTS > $R/run$run/$dt.log 2>&1 || echo "exit status $? for $dt run $run" >> $R/errors.txt
    grep -E '^(bf16|f16|f32) ' $R/run$run/$dt.log
  done
done
cat $R/errors.txt 2>/dev/null
cd $OUT && tar czf $NAME.tgz $NAME && rm -rf $NAME
