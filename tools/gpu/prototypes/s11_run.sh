#!/usr/bin/env bash
# Rows between 256 and 4096 at mid widths (tenth session's lead, PERFLOG):
# what the kernel for few rows wants there. One device call (timeout_s 600;
# the timeouts below add up to 560 s, the runs ~6 min).
# Here, before the call (each emit at the same commit; `git checkout lib`
# and a rebuild after each patch):
#   BENCH_KERNELS=out/bench tools/gpu/benchmark.sh emit
#   git apply tools/gpu/prototypes/hold-x-and-many-rows-variants.patch; ninja -C build
#   EXP_ALLHOLD=1 BENCH_KERNELS=out/s11/ah tools/gpu/benchmark.sh emit
#   git checkout lib; git apply tools/gpu/prototypes/no-hoist-switch.patch; ninja -C build
#   EXP_NOHOIST=1 BENCH_KERNELS=out/s11/nh tools/gpu/benchmark.sh emit
#   git checkout lib; ninja -C build
#   tools/gpu/schedules.sh emit "$(bash tools/gpu/prototypes/s11_run.sh --schedule-cells)"
#   rm -f out/bench/*.h out/s11/*/*.h
# There: bash tools/gpu/prototypes/s11_run.sh (carry out/bench, out/s11,
# out/schedules); the records in $OUT/s11.tgz.
#   ah: every kernel not for many rows holds x (no re-read);
#   nh: rownorm-hoist-row-loads skipped (w loaded after the reduction);
#   schedules: every candidate schedule of the same widths at 256, 1024 and
#   2048 rows (bf16, f32).
set -u
M_LIST="256 1024 2048 4096"
N_LIST="3584 5120 7168 14336"
cells() { local c=""; for m in ${2:-$M_LIST}; do for n in $N_LIST; do c="$c,${1:+$1:}${m}x${n}"; done; done; echo "${c#,}"; }
# The candidates (every schedule of a width) are timed at fewer row counts.
SCHED_M="256 1024 2048"
sched_cells() { echo "$(cells bf16 "$SCHED_M"),$(cells f32 "$SCHED_M")"; }
if [ "${1:-}" = --schedule-cells ]; then sched_cells; exit 0; fi
R=$OUT/s11; mkdir -p $R
for d in bf16 f16 f32; do
  OUT=$R BENCH_KERNELS=out/bench timeout 120 tools/gpu/benchmark.sh run $d --cells "$(cells)" \
    --variant ah=out/s11/ah --variant nh=out/s11/nh > /dev/null 2>&1 || echo "exit status $? for $d"
  tail -17 $R/*-bench-$d-h200.txt
done
OUT=$R timeout 200 tools/gpu/schedules.sh run "$(sched_cells)" > /dev/null 2>&1 || echo "exit status $? for schedules"
grep -v "^ " $R/*-schedules-h200.txt | tail -26
cd $OUT && tar czf s11.tgz s11 && rm -rf s11
