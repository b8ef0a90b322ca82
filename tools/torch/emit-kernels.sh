#!/usr/bin/env bash
# The kernel set of the PyTorch binding, emitted here (LLVM/MLIR machine):
#   tools/torch/emit-kernels.sh OUT [DTYPES] [WIDTHS] [WEIGHT_DTYPES]
# defaults: bf16,f16,f32 x the widths below x the rows' own type (weight
# dtypes: same and/or f32; duplicates are dropped); epsilon is
# a kernel parameter (one kernel serves every epsilon). Names:
# rms_norm_<dtype>_<weight dtype>_<N>.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT=${1:?usage: emit-kernels.sh OUT [DTYPES] [WIDTHS] [WEIGHT_DTYPES]}
DTYPES=${2:-${RMSNORM_TORCH_DTYPES:-bf16,f16,f32}}
WIDTHS=${3:-${RMSNORM_TORCH_WIDTHS:-127,128,512,1024,2048,4096,5120,8192}}
WEIGHTS=${4:-${RMSNORM_TORCH_WEIGHT_DTYPES:-same}}
BIN="${RMSNORM_BUILD_DIR:-$ROOT/build}/bin"
mkdir -p "$OUT"
src="$OUT/kernels.mlir"
: > "$src"
declare -A seen
for t in ${DTYPES//,/ }; do
  for wt in ${WEIGHTS//,/ }; do
    [[ $wt == same ]] && wt=$t
    [[ $wt == "$t" || $wt == f32 ]] || { echo "weight dtype $wt: 'same' or f32" >&2; exit 2; }
    for n in ${WIDTHS//,/ }; do
      [[ -n ${seen[${t}_${wt}_$n]:-} ]] && continue
      seen[${t}_${wt}_$n]=1
      rows="memref<?x${n}x${t}, strided<[?, 1]>>"
      cat >> "$src" <<MLIR
func.func @rms_norm_${t}_${wt}_${n}(%x: ${rows}, %w: memref<${n}x${wt}>, %y: ${rows}, %eps: f32) {
  rownorm.rms_norm ins(%x : ${rows}) weight(%w : memref<${n}x${wt}>) outs(%y : ${rows}) epsilon(%eps)
  return
}
MLIR
    done
  done
done
"$BIN/rmsnorm-emit" "$src" --target=nvptx -o "$OUT" > "$OUT/emit.txt"
echo "emitted $(ls "$OUT"/*.json | wc -l) kernels into $OUT"
