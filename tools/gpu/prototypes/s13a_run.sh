#!/usr/bin/env bash
# Thirteenth session, one device call (~8 min): y's stores with cache hints
# (prototypes/store_hints_variant.py: `cs` st.global.cs, `ef` no L1
# allocation and an L2 evict_first policy) against HEAD's kernels, whole
# suite, bf16 and f32 twice, then f16 once.
# Here, before the call:
#   BENCH_KERNELS=out/bench-head tools/gpu/benchmark.sh emit
#   for m in cs ef; do rm -rf out/bench-$m; cp -r out/bench-head out/bench-$m
#     python3 tools/gpu/prototypes/store_hints_variant.py out/bench-$m $m; done
#   rm -f out/bench-head/*.h out/bench-cs/*.h out/bench-ef/*.h
# There (carry out/bench-head, out/bench-cs, out/bench-ef):
#   bash tools/gpu/prototypes/s13a_run.sh; the records in $OUT/s13a.tgz.
set -u
R=$OUT/s13a
for step in bf16:1 f32:1 bf16:2 f32:2 f16:1; do
  d=${step%:*}; run=${step#*:}; mkdir -p $R/run$run
  OUT=$R/run$run BENCH_KERNELS=out/bench-head timeout 110 tools/gpu/benchmark.sh run $d \
    --variant cs=out/bench-cs --variant ef=out/bench-ef > $R/run$run/log-$d 2>&1 \
    || echo "exit status $? for $d run $run"
  tail -1 $R/run$run/*-bench-$d-h200.txt
done
cd $OUT && tar czf s13a.tgz s13a && rm -rf s13a
