#!/usr/bin/env bash
# s9e: the in-place kernel with a launch stride (first GPU run), as the
# sweep runs it (tools/gpu/harness.sh sweep_one at 3a23a8e), and the
# compiled-in in-place kernel again.
set -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
cmake -S tools/rmsnorm-harness -B /tmp/hb -G Ninja > /tmp/hb.log 2>&1 && cmake --build /tmp/hb >> /tmp/hb.log 2>&1 || { tail -20 /tmp/hb.log; exit 1; }
H=/tmp/hb/bin/rmsnorm-harness
m=out/s9d/in_place_bf16_1001.sm_90.json; n=1001
{ $H $m --rows 1,2,3,7,rpb-1,rpb+1,32768 --strides n,aligned,misaligned || echo "exit status $?"
  $H $m --rows 7 --strides n,misaligned --inputs large,zero-rows,subnormal,non-finite,overflow || echo "exit status $?"
  $H $m --rows 7 --strides n --epsilon 0.25 --inputs normal,zero-rows || echo "exit status $?"
  $H $m --rows 7,33 --x-stride $((n + 3)) --y-stride $((n + 3)) || echo "exit status $?"
  $H $m --rows 1 --x-stride 1001 --y-stride 4004; echo "two strides: exit status $? (2 expected)"
  $H out/s9d/fixed_in_place.sm_90.json --rows 1,2,7,32768 || echo "exit status $?"
} > $OUT/s9e-harness.txt 2>&1
echo "PASS $(grep -c ^PASS $OUT/s9e-harness.txt) FAIL $(grep -c ^FAIL $OUT/s9e-harness.txt)"; grep -E "^FAIL|exit status|error" $OUT/s9e-harness.txt | head
