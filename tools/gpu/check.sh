#!/usr/bin/env bash
# On the GPU machine: the smoke check, compute-sanitizer memcheck and racecheck
# on a subset (odd N, M not a multiple of rows per block), then the benchmark.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUTDIR="${OUT:-/tmp}"
status=0
"$ROOT/tools/gpu/smoke.sh" run > "$OUTDIR/smoke.txt" 2>&1 || status=1
tail -2 "$OUTDIR/smoke.txt"
for tool in memcheck racecheck; do
  SMOKE_QUICK=1 compute-sanitizer --tool "$tool" --error-exitcode 3 --report-api-errors no \
    python3 "$ROOT/tools/gpu/smoke.py" "$ROOT/out/sanitize" > "$OUTDIR/sanitizer-$tool.txt" 2>&1 || status=1
  echo "$tool: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUTDIR/sanitizer-$tool.txt" | tail -1) / $(tail -1 "$OUTDIR/sanitizer-$tool.txt")"
done
python3 "$ROOT/tools/gpu/bench.py" "$ROOT/out/smoke" > "$OUTDIR/bench.txt" 2>&1 || status=1
cut -c1-140 "$OUTDIR/bench.txt"
exit $status
