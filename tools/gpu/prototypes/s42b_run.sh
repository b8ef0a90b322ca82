#!/usr/bin/env bash
# Forty-second session (s42b): where w loaded with x stops paying, by rows.
# s40d (H100, 2026-12-07) found ewT's first kernels (w with x; at 1280 x held
# too) +15-42% at one row, but at 4000 rows the twin rule (from 4 blocks a
# processor's rows) was wrong both ways: bf16 4000 x 768 gains +18% with w
# early (ewA) where ewT's twin (w late) ran, and 4000 x 128 loses 4-7%
# with w early where ewT's first kernel ran. `ewF` = ewT's first kernels at
# every M (byte-identical PTX; the twins' from_rows past 32768):
# Here:  git apply tools/gpu/prototypes/late-weight-twin.patch; ninja -C build
#        EXP_T=1000 BENCH_KERNELS=out/ewF BENCH_WIDTHS="64 128 512 768 1280" tools/gpu/benchmark.sh emit
#        git apply -R ...; ninja -C build      (out/ew0 as in s40d_run.sh)
# There (carry out/ew0, out/ewF): OUT=$OUT bash tools/gpu/prototypes/s42b_run.sh
# Prediction: ewF +10-40% at 1 row, +5-15% at 64-1000 rows at every width;
# 128 -4 to -7% from ~2000 rows on, ~-1% at 32768; 768 ahead through 4000,
# level at 32768; 512 -1 to -2% at 32768; 1280 ahead through 2000, -1 to
# -3% at 32768 (64 registers against 48). The crossover per width is the
# twin's from_rows a product rule must give.
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
mkdir -p "$OUT/ewf"
ROWS=${ROWS:-1 64 256 1000 2000 4000 8000 16384 32768}
cells() { local c=() n m; for n in "$@"; do for m in $ROWS; do c+=("${m}x$n"); done; done
          local IFS=,; echo "${c[*]}"; }
for dt in ${DTYPES:-bf16 f16 f32}; do
  if [[ $dt = f32 ]]; then cl=$(cells 64 128); else cl=$(cells ${W16:-128 512 768 1280}); fi
  BENCH_KERNELS=out/ew0 bash tools/gpu/benchmark.sh run "$dt" --cells "$cl" \
    --variant ewF=out/ewF --record "$OUT/ewf/ewf-$dt.json" > "$OUT/ewf/ewf-$dt.log" 2>&1
  echo "== $dt (exit $?)"
  python3 tools/gpu/variant_ratio.py ewF "$OUT/ewf/ewf-$dt.json" 2>&1 | tail -40
done
