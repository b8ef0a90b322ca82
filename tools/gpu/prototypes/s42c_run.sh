#!/usr/bin/env bash
# Forty-second session (s42c): the committed rule (ca4d105: rows within a
# subgroup, a twin from one block a processor that reads w late; the first
# kernel loads w with x) on the GPU.
# Here:  BENCH_KERNELS=out/ewP BENCH_WIDTHS="64 128 512 768 1280" tools/gpu/benchmark.sh emit
#        tools/gpu/harness.sh emit              (out/sweep, out/negative: 192 kernels)
#        (out/ew0: the kernels before, as in s40d_run.sh)
# There (carry out/ew0, out/ewP, out/sweep, out/negative): OUT=$OUT bash tools/gpu/prototypes/s42c_run.sh
# (In this order: 2, 3, then 1.)
# 1. ewP against ew0 by rows. Prediction: as ewF in s42b below from_rows
#    (+10 to +44% at 1-256 rows), within 1% of ew0 from it (the twin is
#    ew0's kernel: 32768 rows, and 4000 rows of 64 / 128 / 512 / 768).
# 2. The GPU suite's checks (chains, negative controls, error paths,
#    compute-sanitizer) on all 192 kernels.
# 3. The sweep on the kernels this rule changed or added (the 21 functions
#    with a late-weight twin, both kernels, and the two held pairs, 46 in
#    all). The others are those the s38a sweep passed: emitted here at
#    ca4d105 and with it reverted, 153 of the 171 old kernels' PTX is
#    identical, the 18 that differ are first kernels of those functions
#    (N = 1 the other three), and the negative controls are identical.
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
if [[ ${BENCH_ONLY:-0} != 1 ]]; then
OUT=$OUT bash tools/gpu/harness.sh run checks > "$OUT/checks.txt" 2>&1
echo "checks: exit $?"; tail -12 "$OUT/checks.txt"
# Only the functions with a twin of the same schedule: the others aside.
mkdir -p out/sweep-aside
python3 - <<'PY'
import json, glob, os, shutil
keep = set()
for f in glob.glob('out/sweep/*.sm_90.json'):
    m = json.load(open(f))
    for v in m.get('variants') or []:
        g = f'out/sweep/{v}'
        if os.path.exists(g) and json.load(open(g))['schedule'] == m['schedule']:
            keep |= {f, g}
for f in glob.glob('out/sweep/*.sm_90.json'):
    if f not in keep:
        for g in glob.glob(f[:-len('.json')] + '.*'):
            shutil.move(g, 'out/sweep-aside/')
print(f'sweep on {len(keep)} kernels')
PY
OUT=$OUT bash tools/gpu/harness.sh run sweep > "$OUT/sweep.txt" 2>&1
echo "sweep: exit $?"; tail -8 "$OUT/sweep.txt"
fi
mkdir -p "$OUT/p"
ROWS=${ROWS:-1 64 256 1000 4000 32768}
cells() { local c=() n m; for n in "$@"; do for m in $ROWS; do c+=("${m}x$n"); done; done
          local IFS=,; echo "${c[*]}"; }
for dt in ${DTYPES:-bf16 f16 f32}; do
  if [[ $dt = f32 ]]; then cl=$(cells 64 128); else cl=$(cells 128 512 768 1280); fi
  BENCH_KERNELS=out/ew0 bash tools/gpu/benchmark.sh run "$dt" --cells "$cl" \
    --variant new=out/ewP --record "$OUT/p/new-$dt.json" > "$OUT/p/new-$dt.log" 2>&1
  echo "== $dt (exit $?)"
  python3 tools/gpu/variant_ratio.py new "$OUT/p/new-$dt.json" 2>&1 | tail -30
done
