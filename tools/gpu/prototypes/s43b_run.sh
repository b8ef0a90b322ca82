#!/usr/bin/env bash
# Forty-third session (s43b): should the late-weight twin's from_rows grow
# with the vectors a thread holds? ca4d105 prefers the `_many_rows` twin
# (w read after the rsqrt) from one block a processor's rows (528 at 16-bit
# 512 / 768 / 896 / 1280); s42b (H100, one run) had the first kernel (w with
# x) ahead at 1000-16384 rows of 768 (+3 to +16%) and 1280 (x held too, +5
# to +22%), behind at 2000 rows of 512 (-8 / -6%), in single noisy cells.
# `ewF` = the product's kernels with each twin's from_rows set past any M
# (made there from out/ewP by editing the manifests: the first kernel runs
# at every M; the PTX is the product's), against the product (`ours` =
# out/ewP), two interleaved runs per dtype.
# Here:  BENCH_KERNELS=out/ewP BENCH_WIDTHS="512 768 896 1280" tools/gpu/benchmark.sh emit
# There (carry out/ewP): OUT=$OUT bash tools/gpu/prototypes/s43b_run.sh
# Prediction (from s42b): ewF / ours at 1000-16384 rows: 768 +3 to +10%,
# 896 between 768 and 1280, 1280 +5 to +15%, 512 -2 to -8% at 1000-4000
# rows; all within 1% of 1.0 at 528 rows and above 16384 smaller. If 768 /
# 896 / 1280 hold their gains through 8000 rows in both runs, from_rows
# should scale with vectors a thread (3 / 3.5 / 5) and 512 (2) stay.
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
rm -rf out/ewF && cp -r out/ewP out/ewF
python3 - <<'PY'
import glob, json
n = 0
for f in glob.glob('out/ewF/*.json'):
    m = json.load(open(f))
    if isinstance(m, dict) and 'from_rows' in m:
        m['from_rows'] = 1 << 30
        json.dump(m, open(f, 'w'), indent=1)
        n += 1
print(f'ewF: {n} twins moved past any M')
PY
mkdir -p "$OUT/fr"
ROWS=${ROWS:-528 1000 2000 4000 8000 16384}
cells() { local c=() n m; for n in "$@"; do for m in $ROWS; do c+=("${m}x$n"); done; done
          local IFS=,; echo "${c[*]}"; }
cl=$(cells ${W16:-512 768 896 1280})
for run in ${RUNS:-1 2}; do
  for dt in ${DTYPES:-bf16 f16}; do
    BENCH_KERNELS=out/ewP bash tools/gpu/benchmark.sh run "$dt" --cells "$cl" \
      --variant ewF=out/ewF --record "$OUT/fr/fr-$dt-run$run.json" > "$OUT/fr/fr-$dt-run$run.log" 2>&1
    echo "== $dt run $run (exit $?)"
  done
done
for dt in ${DTYPES:-bf16 f16}; do
  echo "== $dt"
  python3 tools/gpu/variant_ratio.py ewF "$OUT"/fr/fr-$dt-run*.json 2>&1 | tail -30
done
