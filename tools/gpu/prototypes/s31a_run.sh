#!/usr/bin/env bash
# Thirty-first session (s31a): rows whose strides and M the source fixes
# (memref<32768xNxT>), staged since d926694 (rownorm-version-rows' template
# test no longer folds for a static M). `fixed` = such kernels (default
# pipeline), `off` = the same source with stage-rows=false (what such
# sources got before: the unaligned copy alone, byte for byte), `dyn` =
# M given at launch (memref<?xNxT>, staged since the twenty-ninth session).
# Each kernel: rmsnorm-harness at its 32768 rows (numerics), then --time
# (events, L2 flushed; % of a same-bytes copy), two rounds interleaved.
# Prediction: `fixed` within 2% of `dyn`; `off` 12-17% slower at 16-bit
# 127, 2-3x at 13 (s29g's `off`).
#   here:  bash tools/gpu/prototypes/s31a_run.sh emit
#   there (carry out/s31a): bash tools/gpu/prototypes/s31a_run.sh run
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
CELLS=(bf16:13 bf16:127 bf16:255 f16:13 f16:127 f32:127 f32:255)
if [[ ${1:?emit or run} == emit ]]; then
  bin="${RMSNORM_BUILD_DIR:-$ROOT/build}/bin"
  rm -rf "$ROOT/out/s31a" && mkdir -p "$ROOT/out/s31a"/{fixed,off,dyn}
  for k in "${CELLS[@]}"; do
    t=${k%%:*} n=${k##*:}
    for m in 32768 '?'; do
      rows="memref<${m}x${n}x${t}>"
      cat >> "$ROOT/out/s31a/$([[ $m == '?' ]] && echo dyn || echo fixed).mlir" <<MLIR
func.func @${t}_${n}(%x: ${rows}, %w: memref<${n}x${t}>, %y: ${rows}, %eps: f32) {
  rownorm.rms_norm ins(%x : ${rows}) weight(%w : memref<${n}x${t}>) outs(%y : ${rows}) epsilon(%eps)
  return
}
MLIR
    done
  done
  "$bin/rmsnorm-emit" "$ROOT/out/s31a/fixed.mlir" --target=nvptx -o "$ROOT/out/s31a/fixed" > /dev/null || exit 1
  "$bin/rmsnorm-emit" "$ROOT/out/s31a/fixed.mlir" --target=nvptx \
    --nvptx-pipeline="chip=sm_90 stage-rows=false" -o "$ROOT/out/s31a/off" > /dev/null || exit 1
  "$bin/rmsnorm-emit" "$ROOT/out/s31a/dyn.mlir" --target=nvptx -o "$ROOT/out/s31a/dyn" > /dev/null || exit 1
  rm -f "$ROOT"/out/s31a/*/*.h
  for k in "${CELLS[@]}"; do
    t=${k%%:*} n=${k##*:}
    echo "${t}_${n}: staged (cp.async.bulk) fixed $(grep -c cp.async.bulk.shared "$ROOT/out/s31a/fixed/${t}_${n}.sm_90.ptx")" \
      "off $(grep -c cp.async.bulk.shared "$ROOT/out/s31a/off/${t}_${n}.sm_90.ptx")" \
      "dyn $(grep -c cp.async.bulk.shared "$ROOT/out/s31a/dyn/${t}_${n}.sm_90.ptx")"
  done
  exit 0
fi
R=$OUT/s31a; mkdir -p "$R"
cmake -S "$ROOT/tools/rmsnorm-harness" -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
  && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
H=/tmp/hb/bin/rmsnorm-harness
for round in 1 2; do
  for k in "${CELLS[@]}"; do
    t=${k%%:*} n=${k##*:}
    for v in fixed off dyn; do
      m="$ROOT/out/s31a/$v/${t}_${n}.sm_90.json"
      echo "== round $round $v ${t}_${n}"
      [[ $round == 1 ]] && { "$H" "$m" --rows 32768 || echo "exit status $? for $v ${t}_${n}"; }
      "$H" "$m" --rows 32768 --time --reps 30 || echo "exit status $? for $v ${t}_${n} (time)"
    done
  done
done > "$R/log.txt" 2>&1
echo "numerics: $(grep -c '^PASS' "$R/log.txt") passed, $(grep -c '^FAIL' "$R/log.txt") failed, $(grep -c '^exit status' "$R/log.txt") errors"
python3 - "$R/log.txt" <<'PY'
import re, sys, collections
us = collections.defaultdict(list)
cur = None
for line in open(sys.argv[1]):
    m = re.match(r'== round \d (\w+) (\w+)', line)
    if m: cur = (m.group(2), m.group(1))
    m = re.match(r'TIME .* ([\d.]+) us \d+ GB/s copy .* ([\d.]+)% of copy', line)
    if m and cur: us[cur].append((float(m.group(1)), float(m.group(2))))
print(f"{'kernel':10} {'fixed us':>16} {'off us':>16} {'dyn us':>16} {'fixed %copy':>12} {'off/fixed':>10} {'dyn/fixed':>10}")
for k in dict.fromkeys(c for c, _ in us):
    f, o, d = (us[(k, v)] for v in ('fixed', 'off', 'dyn'))
    mf, mo, md = (sum(x for x, _ in s) / len(s) for s in (f, o, d))
    fmt = lambda s: '/'.join(f'{x:.2f}' for x, _ in s)
    print(f"{k:10} {fmt(f):>16} {fmt(o):>16} {fmt(d):>16} {sum(p for _, p in f)/len(f):>11.1f}% {mo/mf:>10.3f} {md/mf:>10.3f}")
PY
