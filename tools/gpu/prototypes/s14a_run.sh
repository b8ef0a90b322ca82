#!/usr/bin/env bash
# Prepared in the thirteenth session (not run: its device time was spent),
# for one device call (~4 min): the overlapped launch (launch_overlap,
# rownorm-overlap-launch) where a kernel reads what the one before it wrote.
#   1. rmsnorm-harness --chain 6 on sweep kernels of every dtype and kind
#      (launches back to back, each reading the previous one's output; the
#      last two checked against the fp64 reference of their final inputs;
#      few launches: w's product over many launches drives most elements
#      towards zero, so that a stale read could go unseen);
#   2. the same on copies without the wait (no_wait_control.py), at one
#      wave of rows or less: expected to FAIL (reads of unfinished
#      outputs); if they pass, the chain check cannot see a missing wait
#      and says nothing either way;
#   3. the PyTorch op's tests with the overlapped launch (tools/gpu/torch.sh
#      run, RMSNORM_TORCH_BENCH=0).
# Here, before the call:
#   tools/gpu/harness.sh emit; tools/gpu/torch.sh emit
#   python3 tools/gpu/no_wait_control.py out/sweep out/negative/no-wait \
#     bf16_4096 bf16_4096_many_rows f16_1001 f32_127
#   rm -f out/sweep/*.h out/torch/*.h out/torch/mixed/*.h
# There (carry out/sweep, out/negative, out/torch): bash tools/gpu/prototypes/s14a_run.sh
set -u
R=$OUT/s14a; mkdir -p $R
cmake -S tools/rmsnorm-harness -B /tmp/harness-build -G Ninja > /tmp/hc.log 2>&1 \
  && cmake --build /tmp/harness-build > /tmp/hb.log 2>&1 || { cat /tmp/hc.log /tmp/hb.log; exit 1; }
H=/tmp/harness-build/bin/rmsnorm-harness
# Rows: M * N capped at 2^25 as in harness.sh (the fp64 reference runs on
# the CPU); stdbuf keeps the lines of a run that times out.
for k in bf16_4096 bf16_4096_many_rows f16_1001 f32_127 bf16_1 f16_8192_many_rows f32_4096; do
  [[ -f out/sweep/$k.sm_90.json ]] || { echo "no $k"; continue; }
  n=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['n'])" out/sweep/$k.sm_90.json)
  big=$(( (1 << 25) / n )); (( big > 32768 )) && big=32768
  timeout 100 stdbuf -oL $H out/sweep/$k.sm_90.json --rows 1,7,rpb+1,$big --chain 6 >> $R/chain.txt 2>&1 \
    || echo "exit status $? for $k" >> $R/chain.txt
done
echo "chain: $(grep -c '^PASS chain' $R/chain.txt) passed, $(grep -c '^FAIL chain' $R/chain.txt) failed, $(grep -c 'exit status' $R/chain.txt) nonzero exits"
# The race needs the next grid's blocks resident while the previous grid
# runs: one wave of rows or less (bf16 4096: ~1056 rows resident).
for m in out/negative/no-wait/*.json; do
  timeout 60 stdbuf -oL $H $m --rows 64,256,1024 --chain 6 --expect-fail > /tmp/nw.txt 2>&1
  rc=$?
  echo "$(basename $m .json): $(tail -1 /tmp/nw.txt) (exit $rc)" >> $R/no-wait.txt
done
cat $R/no-wait.txt
RMSNORM_TORCH_BENCH=0 OUT=$R timeout 240 tools/gpu/torch.sh run > $R/torch.txt 2>&1 || echo "exit status $? for torch.sh" >> $R/torch.txt
tail -5 $R/torch.txt
cd $OUT && tar czf s14a.tgz s14a && rm -rf s14a
