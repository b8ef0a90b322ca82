#!/usr/bin/env bash
# The two prototypes prepared in the ninth session, in one device call
# (carry out/s10). Here, before the call:
#   for v in h:hint-weight-units:EXP_HINT8 z:no-zero-phantom-rows:EXP_NOZERO; do
#     IFS=: read -r label patch switch <<< "$v"
#     git apply tools/gpu/prototypes/$patch.patch && ninja -C build &&
#     env $switch=1 BENCH_KERNELS=out/bench-$label tools/gpu/benchmark.sh emit
#     git checkout lib include && ninja -C build
#   done
#   BENCH_KERNELS=out/bench tools/gpu/benchmark.sh emit
#   mkdir -p out/s10 && for d in bench bench-h bench-z; do mkdir -p out/s10/$d &&
#     cp out/$d/*.json out/$d/*.cubin out/$d/*.ptx out/$d/*.txt out/s10/$d/; done
# There: bash tools/gpu/prototypes/s10_run.sh (prints a short table last;
# everything else in $OUT/s10.tgz).
set -u
R=$OUT/s10; mkdir -p $R
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $R/card.txt
cmake -S tools/rmsnorm-harness -B /tmp/hb -G Ninja > /tmp/hb.log 2>&1 && cmake --build /tmp/hb >> /tmp/hb.log 2>&1 || { tail -20 /tmp/hb.log; exit 1; }
H=/tmp/hb/bin/rmsnorm-harness
# Numerics of the variants' changed kernels, rows past M included.
{ for v in h z; do ks="bf16_127 f16_127 f32_127 bf16_128 f16_128 bf16_1025 f16_1025 f32_1025 bf16_4099 f16_4099"
  [ $v = z ] && ks="$ks f32_128 bf16_512 f32_512 bf16_7168_many_rows f16_2560_many_rows f32_2048_many_rows"
  for k in $ks; do
    m=out/s10/bench-$v/rms_norm_$k.sm_90.json; n=${k#*_}; n=${n%_many_rows}
    $H $m --rows 1,2,3,7,33,rpb-1,rpb+1,1000 --strides n,aligned,misaligned || echo "exit status $? for $v $k"
    $H $m --rows 7 --strides n,misaligned --inputs large,zero-rows,subnormal,non-finite,overflow || echo "exit status $? for $v $k"
    $H $m --rows 7,33 --x-stride $((n + 3)) --y-stride $((n + 1)) || echo "exit status $? for $v $k"
  done; done; } > $R/harness.txt 2>&1
echo "harness: $(grep -c ^PASS $R/harness.txt) PASS, $(grep -c ^FAIL $R/harness.txt) FAIL, $(grep -c 'exit status' $R/harness.txt) exits"
grep -E "^FAIL|exit status" $R/harness.txt | head -5
for r in 1 2; do for d in bf16 f16 f32; do
  mkdir -p $R/run$r
  OUT=$R/run$r BENCH_KERNELS=out/s10/bench timeout 120 tools/gpu/benchmark.sh run $d \
    --cells 32768x127,32768x128,32768x512,32768x1025,32768x4099,4096x1024,32768x4096,32768x7168 \
    --variant h=out/s10/bench-h --variant z=out/s10/bench-z > /dev/null 2>&1
  echo "== run $r $d"; tail -8 $R/run$r/*-bench-$d-h200.txt
done; done
cd $OUT && tar czf s10.tgz s10 && rm -rf s10
