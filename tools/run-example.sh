#!/usr/bin/env bash
# The main job: set up, then compile the bundled example for both targets and
# print the chosen schedules and where the optimized IR was written.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/tools/setup.sh"

OPT="${RMSNORM_BUILD_DIR:-$ROOT/build}/bin/rmsnorm-opt"
EXAMPLE="${1:-$ROOT/tools/examples/rms_norm.mlir}"
OUT="${RMSNORM_OUT_DIR:-$ROOT/out}"
mkdir -p "$OUT"

summary=""
for target in nvptx amdgpu; do
  ir="$OUT/$(basename "$EXAMPLE" .mlir).$target.optimized.mlir"
  # Remarks (the schedules) go to stderr, the optimized IR to the file.
  "$OPT" "$EXAMPLE" --rownorm-$target-attach-target --rownorm-optimize-pipeline \
    --mlir-print-op-on-diagnostic=false -o "$ir" 2>"$OUT/remarks.txt"
  echo "// ===== optimized IR for $target: $ir"
  cat "$ir"
  summary+="$target ($(grep -o 'chip = "[^"]*"' "$ir" | head -1)): $ir"$'\n'
  summary+="$(sed -n 's/^.*remark: schedule /  schedule /p' "$OUT/remarks.txt")"$'\n'
done
rm -f "$OUT/remarks.txt"
echo "// ===== summary"
printf '%s' "$summary"
