#!/usr/bin/env bash
# s9b: the in-place kernel through the fixed harness, the variants' numerics,
# then base / F / U in the same interleaved repeats, twice per 16-bit dtype.
set -u
R=$OUT/s9b; mkdir -p $R
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $R/card.txt
cmake -S tools/rmsnorm-harness -B /tmp/hb -G Ninja > /tmp/hb.log 2>&1 && cmake --build /tmp/hb >> /tmp/hb.log 2>&1 || { tail -20 /tmp/hb.log; exit 1; }
H=/tmp/hb/bin/rmsnorm-harness
{ m=out/s9/sweep/fixed_in_place.sm_90.json
  $H $m --rows 1,2,3,7,rpb+1,32768
  $H $m --rows 7 --inputs large,zero-rows,subnormal,non-finite,overflow
  $H $m --rows 7 --epsilon 0.25 --inputs normal,zero-rows
  echo "in-place rc=$?"
  for v in f u; do for k in bf16_1025 f16_1025 bf16_127 f16_127 bf16_4099 f16_4099 bf16_7168 f16_2560; do
    m=out/s9/$v/rms_norm_$k.sm_90.json; n=${k#*_}
    $H $m --rows 1,2,3,7,rpb-1,rpb+1,1000 --strides n,aligned,misaligned || echo "exit status $? for $v $k"
    $H $m --rows 7,33 --x-stride $((n + 3)) --y-stride $((n + 1)) || echo "exit status $? for $v $k"
  done; done; } > $R/harness.txt 2>&1
echo "harness: $(grep -c ^PASS $R/harness.txt) PASS, $(grep -c ^FAIL $R/harness.txt) FAIL, $(grep -c 'exit status' $R/harness.txt) exits"
grep -E "^FAIL|exit status" $R/harness.txt | head -5
CELLS=32768x127,32768x1025,32768x4099,32768x7168,32768x3584,32768x2560,4096x16384
for r in 1 2; do for d in bf16 f16; do
  mkdir -p $R/run$r
  OUT=$R/run$r BENCH_KERNELS=out/s9/base timeout 140 tools/gpu/benchmark.sh run $d --cells $CELLS --variant F=out/s9/f --variant U=out/s9/u > /dev/null 2>&1
  echo "== run $r $d"; tail -12 $R/run$r/*-bench-$d-h200.txt
done; done
cd $OUT && tar czf s9b.tgz s9b && rm -rf s9b
