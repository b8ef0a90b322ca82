#!/usr/bin/env bash
# Forty-fourth session (s44a): all of w before the reduction in the kernels
# for few rows that hold x (16-bit 16384, f32 8192: 512 threads x 4
# vectors). Today rownorm-hoist-row-loads' batch budget issues two of w's
# four vectors with x and two after the rsqrt; `wf` moves those two above
# the barrier (weight_first_variant.py on the PTX, ptxas: 62 -> 64 registers
# in 16-bit, 48 -> 50 in f32, no spills, still two blocks a processor).
# ours = out/wf0 (HEAD's kernels, BENCH_WIDTHS="8192 16384"), wf = out/wf1.
# Prediction (s14c, H200: held with w first `hf` +1.7 to +2.3% at 4096 x
# 16384 over the re-read, held with w late `hl` -0.6 to -1.3%; s38c: the
# product's held kernel, half of w first, level with the re-read): on the
# H200 wf / ours +1 to +2.5% at 4096 rows of 16-bit 16384 (95.9% of the
# copy -> 97-98%), +1 to +3% at 2048, smaller at 6144; f32 8192 +0.5 to
# +1.5%. On an H100 (no gap at 4096 rows, s39b) within +-1%.
# Here:  BENCH_KERNELS=out/wf0 BENCH_WIDTHS="8192 16384" tools/gpu/benchmark.sh emit
#        cp -r out/wf0 out/wf1; (cd tools/gpu/prototypes && python3 weight_first_variant.py
#          ../../../out/wf1 rms_norm_bf16_16384 rms_norm_f16_16384 rms_norm_f32_8192)
#        rm -f out/wf0/*.h out/wf1/*.h
# `wfc` = out/wfC, the compiler's form (HoistRowLoads: w's loads of a
# kernel for few rows that holds x join x's batch past the budget; the
# same aligned path as wf in bf16 16384, f32 8192 53 registers; f16 16384
# is a kernel for all M, unchanged: an A/A control); made with
# prototypes/weight-first-few-rows.patch applied: BENCH_KERNELS=out/wfC
# BENCH_WIDTHS="8192 16384" tools/gpu/benchmark.sh emit.
# A narrower compiler form, prepared for the H200 (forty-fourth session,
# not run): prototypes/weight-first-held-four.patch limits the patch's rule
# to threads holding >= 4 vectors in blocks of >= a quarter of a processor's
# threads; of 32 widths x 3 dtypes on sm_90 it changes only bf16 16384
# (62 -> 64 registers) and f32 8192 (48 -> 53). At 8192 / 16384 it emits
# the same kernels as weight-first-few-rows.patch (PTX compared), so
# out/wfC, and `wfc`, stand for both.
# There (carry out/wf0, out/wf1, out/wfC): OUT=$OUT bash tools/gpu/prototypes/s44a_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
R=$OUT/s44a; mkdir -p "$R"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$R/card.txt"
if [[ ${NUMERICS:-1} == 1 ]]; then
  cmake -S tools/rmsnorm-harness -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
    && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
  for k in rms_norm_bf16_16384 rms_norm_f16_16384 rms_norm_f32_8192; do
    m=out/wf1/$k.sm_90.json
    /tmp/hb/bin/rmsnorm-harness "$m" --rows 1,7,rpb+1,4099 --strides n,aligned,misaligned || echo "exit status $? for $m"
    /tmp/hb/bin/rmsnorm-harness "$m" --rows 7 --inputs large,zero-rows,subnormal,non-finite,overflow || echo "exit status $? for $m"
  done > "$R/harness-log.txt" 2>&1
  echo "harness: $(grep -c '^PASS' "$R/harness-log.txt") passed, $(grep -c '^FAIL' "$R/harness-log.txt") failed, $(grep -c '^exit status' "$R/harness-log.txt") harness errors" | tee "$R/harness.txt"
fi
for run in ${RUNS:-1 2}; do
  for dt in ${DTYPES:-bf16 f16 f32}; do
    n=16384; [[ $dt == f32 ]] && n=8192
    BENCH_KERNELS=out/wf0 timeout ${TIMEOUT:-200} bash tools/gpu/benchmark.sh run "$dt" \
      --cells ${ROWS_CELLS:-2048x$n,4096x$n,6144x$n} --variant wf=out/wf1 --variant wfc=out/wfC \
      --record "$R/wf-$dt-run$run.json" > "$R/wf-$dt-run$run.log" 2>&1
    echo "== $dt run $run (exit $?)"
    grep -E "^(dtype|bf16|f16|f32) " "$R/wf-$dt-run$run.log" | cut -c1-200
  done
done
for dt in ${DTYPES:-bf16 f16 f32}; do
  for v in wf wfc; do
    echo "== $dt $v"; python3 tools/gpu/variant_ratio.py $v "$R"/wf-$dt-run*.json 2>&1 | tail -12
  done
done | tee "$R/ratios.txt"
# One archive: the device returns a limited number of files.
cd "$OUT" && tar czf s44a.tgz s44a && rm -rf s44a
