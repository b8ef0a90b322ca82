#!/usr/bin/env bash
# Forty-fourth session (s44b): the compiler's form of s44a (`wfc`:
# rownorm-hoist-row-loads lets w's loads of a kernel for few rows that
# holds x join x's batch past the budget) on every first kernel it changes
# at the widths scanned: sm_90 16-bit 2560 / 3072 / 3584 / 5120 / 7168 /
# 10240 / 12288 / 14336 / 16384 and f32 2560 / 3584 / 5120 / 7168 / 8192
# (registers up to +18: f32 2560 44 -> 62, 16-bit 5120 64 -> 72, no spills).
# ours = out/scan0 (HEAD), wfc = out/scanC; the widths' first kernels run
# below their twins' from_rows (3658-20480 rows).
# Prediction: w's second round trip is what a block waits for when few
# blocks run: +3 to +15% at 32 rows (graph column), +0 to +3% at 1024;
# at 4096 rows the kernels whose registers cross an occupancy step (16-bit
# 2560 / 5120 / 10240, f32 2560 / 5120) -1 to -5%, the others within 1%.
# Here:  W="1024 1536 2048 2560 2880 3072 3584 4096 5120 6144 7168 8192 10240
#          11008 12288 14336 16384 20480 24576 32768 65536 1025 2049 4097 4099
#          8193 16385"; BENCH_WIDTHS="$W" BENCH_KERNELS=out/scanC (with
#          prototypes/weight-first-few-rows.patch) and
#          out/scan0 (HEAD) tools/gpu/benchmark.sh emit; rm -f out/scan*/*.h
# There (carry out/scan0, out/scanC): OUT=$OUT bash tools/gpu/prototypes/s44b_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
R=$OUT/s44b; mkdir -p "$R"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$R/card.txt"
cells() { local c=() n m; for n in $1; do for m in $2; do c+=("${m}x$n"); done; done
          local IFS=,; echo "${c[*]}"; }
for run in ${RUNS:-1}; do
  for dt in ${DTYPES:-bf16 f32}; do
    if [[ $dt == f32 ]]; then w=${WF32:-"2560 5120 7168 8192"}; else w=${W16:-"2560 5120 7168 10240 14336"}; fi
    BENCH_KERNELS=out/scan0 timeout ${TIMEOUT:-280} bash tools/gpu/benchmark.sh run "$dt" \
      --cells "$(cells "$w" "${ROWS:-32 1024 4096}")" --variant wfc=out/scanC \
      --record "$R/wfc-$dt-run$run.json" > "$R/wfc-$dt-run$run.log" 2>&1
    echo "== $dt run $run (exit $?)"
  done
done
for dt in ${DTYPES:-bf16 f32}; do
  echo "== $dt"; python3 tools/gpu/variant_ratio.py wfc "$R"/wfc-$dt-run*.json 2>&1 | tail -20
done | tee "$R/ratios.txt"
# One archive: the device returns a limited number of files.
cd "$OUT" && tar czf s44b.tgz s44b && rm -rf s44b
