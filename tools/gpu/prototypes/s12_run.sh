#!/usr/bin/env bash
# Prepared for the twelfth session: one device call (~5-8 min; the timeouts
# add up to 590 s) that
#   1. times every candidate schedule at 64-1024 rows of 2560-14336 elements
#      (bf16, f32): where the schedule of a kernel for few rows should change
#      (eleventh session, s11c: more threads per row win at 256 rows, not at
#      1024-2048), to give a third kernel's from_rows;
#   2. runs the whole bf16 and f32 benchmark twice on HEAD's kernels (done-
#      when 1 records for the lowering as it stands);
#   3. times bf16 kernels for few rows with x held packed (`pk`,
#      prototypes/packed_held_variant.py: 3584 96 -> 78 registers, 7168
#      94 -> 80, 14336 106 -> 80) against HEAD's at 256-2048 rows, twice.
# Here, before the call:
#   BENCH_KERNELS=out/bench tools/gpu/benchmark.sh emit
#   tools/gpu/schedules.sh emit "$(bash tools/gpu/prototypes/s12_run.sh --cells)"
#   rm -rf out/bench-pk; cp -r out/bench out/bench-pk
#   python3 tools/gpu/prototypes/packed_held_variant.py out/bench-pk
#   rm -f out/bench/*.h out/bench-pk/*.h
# There: bash tools/gpu/prototypes/s12_run.sh (carry out/bench, out/bench-pk,
# out/schedules; ~22 MiB); the records in $OUT/s12.tgz.
set -u
cells() {
  local c=""
  for d in bf16 f32; do for m in 64 128 256 512 1024; do for n in 2560 3584 5120 7168 14336; do
    c="$c,$d:${m}x$n"
  done; done; done
  echo "${c#,}"
}
if [ "${1:-}" = --cells ]; then cells; exit 0; fi
R=$OUT/s12; mkdir -p $R/run1 $R/run2
OUT=$R timeout 180 tools/gpu/schedules.sh run "$(cells)" > /dev/null 2>&1 || echo "exit status $? for schedules"
grep -v "^ " $R/*-schedules-h200.txt | tail -50
for run in 1 2; do for d in bf16 f32; do
  OUT=$R/run$run timeout 80 tools/gpu/benchmark.sh run $d > /dev/null 2>&1 || echo "exit status $? for $d run $run"
  tail -1 $R/run$run/*-bench-$d-h200.txt
done; done
PK=""; for m in 256 1024 2048; do for n in 2560 3584 5120 7168 14336; do PK="$PK,${m}x$n"; done; done
for run in 1 2; do
  mkdir -p $R/pk$run
  OUT=$R/pk$run timeout 45 tools/gpu/benchmark.sh run bf16 --cells "${PK#,}" --variant pk=out/bench-pk \
    > /dev/null 2>&1 || echo "exit status $? for pk run $run"
done
cd $OUT && tar czf s12.tgz s12 && rm -rf s12
