#!/usr/bin/env bash
# Thirteenth session, one device call (~6 min): kernels that overlap their
# launch with the previous kernel's end (programmatic dependent launch:
# prototypes/pdl_variant.py, launched so by prototypes/pdl-launch.patch)
# against HEAD's, whole suite, bf16 and f32 twice.
# Here, before the call:
#   BENCH_KERNELS=out/bench-head tools/gpu/benchmark.sh emit
#   rm -rf out/bench-pdl; cp -r out/bench-head out/bench-pdl
#   python3 tools/gpu/prototypes/pdl_variant.py out/bench-pdl
#   rm -f out/bench-head/*.h out/bench-pdl/*.h
# There (carry out/bench-head, out/bench-pdl): bash tools/gpu/prototypes/s13b_run.sh
# (applies the runtime patch to the machine's copy); records in $OUT/s13b.tgz.
# The patch is against d53b644's runtime: from the next commit on, the
# runtime itself launches kernels whose manifest says launch_overlap so.
set -u
git apply tools/gpu/prototypes/pdl-launch.patch || patch -p1 < tools/gpu/prototypes/pdl-launch.patch || exit 1
export RMSNORM_PROTO_PDL=bench-pdl
R=$OUT/s13b
for step in bf16:1 f32:1 bf16:2 f32:2; do
  d=${step%:*}; run=${step#*:}; mkdir -p $R/run$run
  OUT=$R/run$run BENCH_KERNELS=out/bench-head timeout 120 tools/gpu/benchmark.sh run $d \
    --variant pdl=out/bench-pdl > $R/run$run/log-$d 2>&1 || echo "exit status $? for $d run $run"
  tail -1 $R/run$run/*-bench-$d-h200.txt
done
git apply -R tools/gpu/prototypes/pdl-launch.patch || patch -R -p1 < tools/gpu/prototypes/pdl-launch.patch
cd $OUT && tar czf s13b.tgz s13b && rm -rf s13b
