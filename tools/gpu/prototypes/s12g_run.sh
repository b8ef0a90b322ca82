#!/usr/bin/env bash
# Twelfth session, last call: kernels for few rows with two to four vectors
# per thread (`tf`: threads per row = bit_floor(vectors / 2), at most 512,
# one row per block, partial rounds allowed; x held where the few-rows rule
# holds it) against HEAD's (whole vectors, 5-7 per thread) at 64-8192 rows:
# s12f's profile showed HEAD's first kernels at 93-94 registers and 24%
# occupancy where the Triton peer has 32 and 81%. Here, before the call:
#   BENCH_KERNELS=out/bench-head tools/gpu/benchmark.sh emit    (0ef1d1c)
#   BENCH_KERNELS=out/bench-tf tools/gpu/benchmark.sh emit      (spreadFewRows
#     with threads = min(bit_floor(N / 8 / 2), 512) [f32: N / 4 / 2],
#     vectors_per_thread = ScheduleAttr::vectorsPerThreadFor, rows 1, also
#     where the first schedule already had one row per block)
#   rm -f out/bench-head/*.h out/bench-tf/*.h
# There (carry out/bench-head, out/bench-tf): bash tools/gpu/prototypes/s12g_run.sh
set -u
R=$OUT/s12g
C=""; for m in 64 256 1024 2048 4096 8192; do for n in 2560 3584 5120 7168 14336; do C="$C,${m}x$n"; done; done
CF=""; for m in 64 256 1024 2048 4096 8192; do for n in 2560 3584 5120 7168; do CF="$CF,${m}x$n"; done; done
for job in bf16:1 f32:1 bf16:2; do
  d=${job%:*} run=${job#*:}; cells=$C; [ $d = f32 ] && cells=$CF
  mkdir -p $R/run$run-$d
  OUT=$R/run$run-$d BENCH_KERNELS=out/bench-head timeout 100 tools/gpu/benchmark.sh run $d --cells "${cells#,}" \
    --variant tf=out/bench-tf > $R/run$run-$d/log 2>&1 || echo "exit status $? for $d run $run"
  grep -v "^ " $R/run$run-$d/*-bench-$d-h200.txt | tail -1
done
cd $OUT && tar czf s12g.tgz s12g && rm -rf s12g
