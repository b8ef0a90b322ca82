#!/usr/bin/env bash
# GPU smoke check of the code generator, in two halves:
#   here (LLVM/MLIR machine):  tools/gpu/smoke.sh emit   -> out/smoke/*.cubin + manifests
#   GPU machine (torch, cuda-python): tools/gpu/smoke.sh run
# The device tool call: carry out/smoke, run "tools/gpu/smoke.sh run".
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
case "${1:-}" in
  emit)
    "$ROOT/tools/setup.sh"
    ninja -C "${RMSNORM_BUILD_DIR:-$ROOT/build}" rmsnorm-emit >/dev/null
    rm -rf "$ROOT/out/smoke"
    "${RMSNORM_BUILD_DIR:-$ROOT/build}/bin/rmsnorm-emit" "$ROOT/tools/gpu/smoke.mlir" \
      --target=nvptx -o "$ROOT/out/smoke" ;;
  run)
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    python3 "$ROOT/tools/gpu/smoke.py" "$ROOT/out/smoke" ;;
  *) echo "usage: $0 emit|run" >&2; exit 2 ;;
esac
