#!/usr/bin/env bash
# Prepared in the thirteenth session (not run: its device time was spent),
# for one device call (~4 min): the overlapped launch (launch_overlap,
# rownorm-overlap-launch) where a kernel reads what the one before it wrote.
#   1. rmsnorm-harness --chain 20 on sweep kernels of every dtype and kind
#      (launches back to back, each reading the previous one's output; the
#      last two checked against the fp64 reference of their final inputs);
#   2. the same on copies without the wait (no_wait_control.py): expected
#      to FAIL (reads of unfinished outputs); if they pass, the chain check
#      cannot see a missing wait and says nothing;
#   3. the PyTorch op's tests with the overlapped launch (tools/gpu/torch.sh
#      run, RMSNORM_TORCH_BENCH=0).
# Here, before the call:
#   tools/gpu/harness.sh emit; tools/gpu/torch.sh emit
#   python3 tools/gpu/prototypes/no_wait_control.py out/sweep out/negative/no-wait \
#     bf16_4096 bf16_4096_many_rows f16_1001 f32_127 bf16_1
#   rm -f out/sweep/*.h out/torch/*.h out/torch/mixed/*.h
# There (carry out/sweep, out/negative, out/torch): bash tools/gpu/prototypes/s14a_run.sh
set -u
R=$OUT/s14a; mkdir -p $R
cmake -S tools/rmsnorm-harness -B /tmp/harness-build -G Ninja > /tmp/hc.log 2>&1 \
  && cmake --build /tmp/harness-build > /tmp/hb.log 2>&1 || { cat /tmp/hc.log /tmp/hb.log; exit 1; }
H=/tmp/harness-build/bin/rmsnorm-harness
for k in bf16_4096 bf16_4096_many_rows f16_1001 f32_127 bf16_1 f16_8192_many_rows f32_4096; do
  [[ -f out/sweep/$k.sm_90.json ]] || { echo "no $k"; continue; }
  timeout 120 $H out/sweep/$k.sm_90.json --rows 1,7,rpb+1,4096,32768 --chain 20 >> $R/chain.txt 2>&1 \
    || echo "exit status $? for $k" >> $R/chain.txt
done
echo "chain: $(grep -c '^PASS chain' $R/chain.txt) passed, $(grep -c '^FAIL chain' $R/chain.txt) failed, $(grep -c 'exit status' $R/chain.txt) nonzero exits"
for m in out/negative/no-wait/*.json; do
  timeout 120 $H $m --rows 4096,32768 --chain 50 --expect-fail > /tmp/nw.txt 2>&1
  echo "$(basename $m .json): $(tail -1 /tmp/nw.txt) (exit $?)" >> $R/no-wait.txt
done
cat $R/no-wait.txt
RMSNORM_TORCH_BENCH=0 OUT=$R timeout 240 tools/gpu/torch.sh run > $R/torch.txt 2>&1 || echo "exit status $? for torch.sh" >> $R/torch.txt
tail -5 $R/torch.txt
cd $OUT && tar czf s14a.tgz s14a && rm -rf s14a
