#!/usr/bin/env bash
# Record s11d (eleventh session): a kernel not for many rows with blocks of
# at most 256 threads holding x (`hr`) against the kernels of 6fc3dbd, two
# runs per dtype, one device call (~4 min). Here, before the call:
#   BENCH_KERNELS=out/bench tools/gpu/benchmark.sh emit          (at 6fc3dbd)
#   dc1ea6d with `!shape.forManyRows` for `shape.forFewRows` in TargetInfo.cpp,
#   ninja -C build, BENCH_KERNELS=out/bench-s11c tools/gpu/benchmark.sh emit
#   rm -f out/bench/*.h out/bench-s11c/*.h
# There: bash tools/gpu/prototypes/s11c_run.sh (carry out/bench, out/bench-s11c).
set -u
C=""
for m in 256 1024 2048; do for n in 2560 3584 5120 7168 11008 14336; do C="$C,${m}x${n}"; done; done
C="${C#,},32768x1025,32768x4099,32768x11008"
R=$OUT/s11c; mkdir -p $R
for run in 1 2; do
for d in bf16 f16 f32; do
  mkdir -p $R/run$run
  OUT=$R/run$run BENCH_KERNELS=out/bench timeout 90 tools/gpu/benchmark.sh run $d --cells "$C" \
    --variant hr=out/bench-s11c > /dev/null 2>&1 || echo "exit status $? for $d run $run"
  tail -1 $R/run$run/*-bench-$d-h200.txt
done; done
cd $OUT && tar czf s11c.tgz s11c && rm -rf s11c
