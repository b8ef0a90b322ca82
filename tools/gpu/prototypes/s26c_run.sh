#!/usr/bin/env bash
# Twenty-sixth session (s26c): where ours' staged copy loses to the
# hand-written bulk copy (bulk1) at 16-bit 32768 x 127 (bulk1 +3% bf16, +8%
# f16 in s25c / s26b, and neither leads the 128 kernel's speed): Nsight
# Compute on both (nsight.sh: SpeedOfLight, warp states, scheduler, source
# counters with the top stall locations, three pipes), once with the caches
# emptied before each launch (ncu's default) and once with
# `--cache-control none` (the second launch finds x in the L2, as the
# graph column does); ours' f16 128 beside them.
# Prediction: ours issues ~10-20% more warp instructions at f16 127 than
# bulk1 (three row bodies' worth of address arithmetic, the element-wise
# tail) and stalls longer at the block barrier after the reduction.
# Here: tools/gpu/benchmark.sh emit (out/bench) and out/bulk1 as
# s26b_run.sh's header says; rm -f out/bench/*.h
# There (carry out/bench, out/bulk1): bash tools/gpu/prototypes/s26c_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
R=$OUT/s26c; mkdir -p "$R"
for k in bench bulk1; do
  cells=f16:32768x127,bf16:32768x127
  [[ $k = bench ]] && cells=$cells,f16:32768x128
  for cc in all none; do
    mkdir -p "$R/$k-$cc"
    echo "== $k, --cache-control $cc"
    OUT=$R/$k-$cc NCU_EXTRA="--cache-control $cc" \
      bash "$ROOT/tools/gpu/nsight.sh" "$cells" "out/$k" 2>&1 | tee "$R/$k-$cc/summary.txt" | tail -12
  done
done
cd "$OUT" && tar czf s26c.tgz s26c && rm -rf s26c
