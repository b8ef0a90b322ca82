#!/usr/bin/env bash
# The main job: set up, then compile the bundled example into kernel files for
# both targets (PTX + cubin for sm_90, AMDGCN + hsaco for gfx942, a JSON
# manifest and a C header each) and print one line per kernel, then the
# schedules chosen and where everything is.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/tools/setup.sh"

BIN="${RMSNORM_BUILD_DIR:-$ROOT/build}/bin"
EXAMPLE="${1:-$ROOT/tools/examples/rms_norm.mlir}"
OUT="${RMSNORM_OUT_DIR:-$ROOT/out}/$(basename "$EXAMPLE" .mlir)"
rm -rf "$OUT"
mkdir -p "$OUT"

echo "== kernels of $EXAMPLE"
"$BIN/rmsnorm-emit" "$EXAMPLE" --target=nvptx,amdgpu -o "$OUT" --remarks \
  2>"$OUT/remarks.txt"
# The optimized, target-agnostic IR, for reading (not needed by consumers).
for target in nvptx amdgpu; do
  "$BIN/rmsnorm-opt" "$EXAMPLE" --rownorm-$target-attach-target \
    --rownorm-optimize-pipeline -o "$OUT/optimized.$target.mlir" 2>/dev/null
done

echo "== schedules"
sed -n 's/^.*remark: schedule /  /p' "$OUT/remarks.txt"
rm -f "$OUT/remarks.txt"
echo "== summary"
echo "  $(ls "$OUT"/*.json | wc -l) kernels in $OUT: $(cd "$OUT" && ls *.ptx *.cubin *.hsaco 2>/dev/null | tr '\n' ' ')"
schema=$(sed -n 's/^ *"schema_version": \([0-9]*\).*/\1/p' "$(ls "$OUT"/*.json | head -1)")
echo "  manifests: *.json (schema $schema); C headers: *.h; optimized IR: optimized.*.mlir"
