#!/usr/bin/env bash
# The sanitizer build: the project's own code with AddressSanitizer and
# UndefinedBehaviorSanitizer (clang 22), plus the fuzzer, in build-sanitize/.
#   tools/sanitize.sh build   configure (once) and build
#   tools/sanitize.sh test    build, then run the whole lit suite against it
# Debian's LLVM/MLIR libraries are not instrumented: only our code is
# checked. LLVM's allocator poisons memory for its own bookkeeping, which
# ASan would misreport as use-after-poison: allow_user_poisoning=0.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${RMSNORM_SANITIZE_DIR:-$ROOT/build-sanitize}"
LLVM_BIN=/usr/lib/llvm-22/bin
# verify_asan_link_order=0: librmsnorm_runtime.so brings the ASan runtime
# into programs that are not sanitized (Python, mlir-runner).
export ASAN_OPTIONS="${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=1:verify_asan_link_order=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

build() {
  "$ROOT/tools/setup.sh" >/dev/null   # packages, and the main build's tools
  missing=()
  for p in clang-22 libclang-rt-22-dev; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  export PATH="$LLVM_BIN:$PATH"
  if [[ ! -f "$BUILD/build.ninja" ]]; then
    cmake -G Ninja -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_C_COMPILER="$LLVM_BIN/clang" -DCMAKE_CXX_COMPILER="$LLVM_BIN/clang++" \
      -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir -DLLVM_EXTERNAL_LIT="$LLVM_BIN/lit" \
      -DRMSNORM_SANITIZE=ON -DRMSNORM_BUILD_FUZZER=ON >/dev/null
  fi
  ninja -C "$BUILD" -j "${RMSNORM_JOBS:-2}" >/dev/null
}

case "${1:-}" in
  build) build ;;
  test)
    build
    export PATH="$LLVM_BIN:$PATH"
    lit --timeout 600 "$BUILD/test" | tail -8 ;;
  *) echo "usage: $0 build|test" >&2; exit 2 ;;
esac
