#!/usr/bin/env bash
# Two schedule questions in one device call (tenth session), with
# prototypes/hold-x-and-many-rows-variants.patch applied here:
#   fh: EXP_F16HOLD=1 -- f16 kernels that are not for many rows hold x in
#       registers instead of re-reading it (s8c: f16 4096 x 16384 +2.9%);
#   (the patch also has EXP_ALLHOLD=1, every dtype: record s10f)
#   m1 / m2: EXP_MANYROWS_MAX=1 / 2 -- kernels for many rows take at most
#       1 / 2 rows per block (4 at HEAD; zb: 16-bit 8192 r1_t256 beat r2_t256).
# Here: git apply tools/gpu/prototypes/hold-x-and-many-rows-variants.patch && ninja -C build
#   for l in fh:EXP_F16HOLD=1 m1:EXP_MANYROWS_MAX=1 m2:EXP_MANYROWS_MAX=2;
#   do env ${l#*:} BENCH_KERNELS=out/bench-${l%%:*} tools/gpu/benchmark.sh emit; done
#   git checkout lib && ninja -C build
#   then out/s10e/{bench,fh,m1,m2} = out/s10/bench and those folders without *.h.
# There: bash tools/gpu/prototypes/s10e_run.sh (carry out/s10e).
set -u
R=$OUT/s10e; mkdir -p $R
for r in 1 2; do
  mkdir -p $R/fh$r
  OUT=$R/fh$r BENCH_KERNELS=out/s10e/bench timeout 150 tools/gpu/benchmark.sh run f16 \
    --cells 4096x16384,8192x16384,32768x16384,32768x32768,32768x1025,32768x4099,2048x7168,2048x14336,32768x7168 \
    --variant fh=out/s10e/fh > /dev/null 2>&1 || echo "exit status $? fh run $r"
  echo "== fh run $r"; tail -10 $R/fh$r/*-bench-f16-h200.txt
done
for d in bf16 f16 f32; do
  cells=32768x2560,32768x3584,32768x4096,32768x5120,32768x6144,32768x7168,32768x8192,32768x14336
  [ $d = f32 ] && cells=32768x2048,32768x2560,32768x3584,32768x4096,32768x5120,32768x6144,32768x7168
  mkdir -p $R/m
  OUT=$R/m BENCH_KERNELS=out/s10e/bench timeout 150 tools/gpu/benchmark.sh run $d --cells $cells \
    --variant m1=out/s10e/m1 --variant m2=out/s10e/m2 > /dev/null 2>&1 || echo "exit status $? m $d"
  echo "== m $d"; tail -9 $R/m/*-bench-$d-h200.txt
done
cd $OUT && tar czf s10e.tgz s10e && rm -rf s10e
