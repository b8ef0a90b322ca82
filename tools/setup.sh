#!/usr/bin/env bash
# Installs what is missing (Debian 12 packages only), then configures and
# builds rmsnorm into ./build. Idempotent: a second run installs nothing and
# rebuilds only what changed. Sourced or run by tools/run-example.sh and
# tools/run-tests.sh.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${RMSNORM_BUILD_DIR:-$ROOT/build}"
LLVM_BIN=/usr/lib/llvm-22/bin

# Packages: LLVM/MLIR 22 (with mlir-tblgen & co., which MLIR's CMake package
# checks for), lld for AMDGPU code objects, the build tools, and psutil for
# lit's per-test timeout, and HIP's headers so the harness's HIP loader compiles.
PACKAGES=(llvm-22-dev libmlir-22-dev mlir-22-tools lld-22 cmake ninja-build g++ python3 python3-psutil libamdhip64-dev)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [[ $(id -u) -ne 0 ]] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

export PATH="$LLVM_BIN:$PATH"
if [[ ! -f "$BUILD/build.ninja" ]]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT="$LLVM_BIN/lit" >/dev/null
fi
# Two jobs: about 2 GB of RAM per MLIR translation unit.
ninja -C "$BUILD" -j "${RMSNORM_JOBS:-2}" >/dev/null
