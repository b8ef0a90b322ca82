#!/usr/bin/env bash
# Fortieth session (s40d): w loaded with x where a row fits one subgroup
# (`ewA`: prototypes/early-weight-more.patch built, emitted with EXP_A=1;
# the sixth session's `zp` A, measured then only at 32768 rows: 128 -1.2 / -1.7 / -0.6%,
# 512 -2.3 / -2.1 / +0.6%, 127 -3.3 / -5.4 / +0.5%). The scan (s40a/b) found
# 16-bit 1 x 768 at 0.90 of torch.compile (1.60 against 1.44 us) and bf16
# 4000 x 768 at 0.896 of Triton; in those kernels (32 threads x 3 vectors a
# row) w is read only after the rsqrt, a second round trip that few rows
# cannot hide. Then s40c (schedules and Nsight of the scan's weak cells).
# Here:  git apply tools/gpu/prototypes/early-weight-more.patch; ninja -C build
#        EXP_A=1 BENCH_KERNELS=out/ewA BENCH_WIDTHS="64 127 128 512 768 1280" tools/gpu/benchmark.sh emit
#        git apply -R ...; ninja -C build
#        BENCH_KERNELS=out/ew0 BENCH_WIDTHS="64 127 128 512 768 1280" tools/gpu/benchmark.sh emit
# ewT (forty-first session, when out/ewT exists): the product form.
# Here:  git apply tools/gpu/prototypes/late-weight-twin.patch; ninja -C build
#        EXP_T=4 BENCH_KERNELS=out/ewT BENCH_WIDTHS="64 127 128 512 768 1280" tools/gpu/benchmark.sh emit
#        git apply -R ...; ninja -C build
# Rows within one subgroup get a twin of the same
# schedule for many rows (from 4 blocks a processor's rows: 2112 at 768,
# 8448 at 128 / 127) that keeps w late, the first kernel loads w with x
# (= ewA's kernel, but at 1280 the first kernel also holds x, as kernels
# for few rows do).
# There (carry out/ew0, out/ewA, out/ewT, and s40c's): OUT=$OUT bash tools/gpu/prototypes/s40d_run.sh
# Prediction: ewA faster at 1-256 rows by 5-10% (one round trip of two or
# three), 4000 x 768 +3-5%, and at 32768 rows as zp A (-1 to -5% at 128 /
# 512 / 127).
# ewT: as ewA below its from_rows (2112 / 8448), within 1% of ours above
# (its twins are ours' kernels); 1280 at 1-2000 rows +2-5%.
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
mkdir -p "$OUT/ew"
# DTYPES and C16 (the 16-bit cells) may be narrowed when device time is short.
C16=${C16:-1x768,256x768,4000x768,32768x768,1x128,32768x128,4096x512,32768x512,2000x1280,32768x127}
for dt in ${DTYPES:-bf16 f16 f32}; do
  cells=$C16; [[ $dt = f32 ]] && cells=1x128,32768x128,131072x64,32768x127
  more=(); [[ -d out/ewT ]] && more=(--variant ewT=out/ewT)
  BENCH_KERNELS=out/ew0 bash tools/gpu/benchmark.sh run "$dt" --cells "$cells" \
    --variant ewA=out/ewA "${more[@]}" --record "$OUT/ew/ew-$dt.json" > "$OUT/ew/ew-$dt.log" 2>&1
  echo "== $dt (exit $?)"
  for v in ewA ${more[@]:+ewT}; do
    python3 tools/gpu/variant_ratio.py $v "$OUT/ew/ew-$dt.json" 2>&1 | tail -20
  done
done
# S40C=0 skips s40c (without leaving a failed test as the exit status).
if [[ ${S40C:-1} = 1 ]]; then OUT=$OUT bash tools/gpu/prototypes/s40c_run.sh; fi
