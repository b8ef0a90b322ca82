#!/usr/bin/env bash
# The PyTorch binding on the GPU (tools/torch), in two halves:
#   here (LLVM/MLIR):  tools/gpu/torch.sh emit
#                      -> out/torch: the binding's kernel set (bf16, f16, f32
#                         x the benchmark suite's widths, w in the rows' type;
#                         bf16 and f16 rows with an f32 w at 4096 and 8192)
#   GPU machine:       tools/gpu/torch.sh run   (device tool; carry out/torch,
#                      and out/bench for the benchmark rows)
#                      -> builds the runtime and the binding against the
#                         machine's PyTorch, runs tools/torch/test_torch.py,
#                         then the quick benchmark with the op as a column
#                         (RMSNORM_TORCH_BENCH=0 skips it).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=runtime-lib.sh
source "$ROOT/tools/gpu/runtime-lib.sh"

emit() {
  "$ROOT/tools/setup.sh" || exit 1
  local widths
  widths=$(python3 "$ROOT/tools/gpu/suite_widths.py")
  rm -rf "$ROOT/out/torch"
  "$ROOT/tools/torch/emit-kernels.sh" "$ROOT/out/torch" bf16,f16,f32 "${widths// /,}" same || exit 1
  "$ROOT/tools/torch/emit-kernels.sh" "$ROOT/out/torch/mixed" bf16,f16 4096,8192 f32 || exit 1
  mv "$ROOT"/out/torch/mixed/*.{json,cubin,ptx} "$ROOT/out/torch/" && rm -rf "$ROOT/out/torch/mixed"
  rm -f "$ROOT"/out/torch/*.h
  echo "out/torch: $(ls "$ROOT"/out/torch/*.json | wc -l) kernels"
}

run() {
  local out="${OUT:-/tmp}" status=0 started=$SECONDS
  mkdir -p "$out"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  python3 -c 'import torch, transformers; print("torch", torch.__version__, "cuda", torch.version.cuda, "transformers", transformers.__version__)'
  # The distribution's compiler, which links the C++ runtime that PyTorch
  # uses. The machine's $CXX (/opt/gcc/bin/g++, a wrapper) gave a binding
  # whose own iostream code crashed formatting a number inside Python
  # (2026-11-30: SIGSEGV in std::ostream::_M_insert<long>, called from
  # KernelSet::describe), consistent with a second, static C++ runtime.
  rm -rf /tmp/torch-build /tmp/torch-runtime-build
  local cxx=${RMSNORM_TORCH_CXX:-/usr/bin/g++}
  [[ -x $cxx ]] || cxx=c++
  echo "compiler for the binding: $cxx ($($cxx --version | head -1)); \$CXX is ${CXX:-unset}"
  cmake -S "$ROOT/tools/rmsnorm-harness" -B /tmp/torch-runtime-build -G Ninja \
    -DCMAKE_CXX_COMPILER="$cxx" > /tmp/runtime-cmake.log 2>&1 \
    && cmake --build /tmp/torch-runtime-build > /tmp/runtime-build.log 2>&1 || { cat /tmp/runtime-*.log; exit 1; }
  local prefix
  prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
  cmake -S "$ROOT/tools/torch" -B /tmp/torch-build -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_CXX_COMPILER="$cxx" \
    -DRMSNORM_TORCH_KERNELS="$ROOT/out/torch" > /tmp/torch-cmake.log 2>&1 \
    && cmake --build /tmp/torch-build > /tmp/torch-build.log 2>&1 \
    || { tail -40 /tmp/torch-cmake.log /tmp/torch-build.log; exit 1; }
  echo "[$((SECONDS - started)) s] built /tmp/torch-build/rmsnorm_torch"
  (cd /tmp && PYTHONUNBUFFERED=1 python3 "$ROOT/tools/torch/test_torch.py" --package /tmp/torch-build \
    --runtime /tmp/torch-runtime-build/lib/librmsnorm_runtime.so) 2>&1 | tee "$out/torch-tests.txt"
  [[ ${PIPESTATUS[0]} -eq 0 ]] || status=1
  echo "[$((SECONDS - started)) s] tests done"
  if [[ -d "$ROOT/out/bench" && ${RMSNORM_TORCH_BENCH:-1} != 0 ]]; then
    local name
    name="$out/$(date -u +%Y-%m-%d)-bench-bf16-op-$(card_tag)"
    PYTHONUNBUFFERED=1 python3 "$ROOT/tools/gpu/benchmark.py" --dtype bf16 --quick \
      --kernels "$ROOT/out/bench" --runtime /tmp/torch-runtime-build/lib/librmsnorm_runtime.so \
      --torch-op /tmp/torch-build --record "$name.json" 2>&1 | tee "$name.txt"
    [[ ${PIPESTATUS[0]} -eq 0 ]] || status=1
  fi
  echo "[$((SECONDS - started)) s] done; exit status: $status"
  return $status
}

case "${1:-}" in
  emit) emit ;;
  run) run ;;
  *) echo "usage: $0 emit | run" >&2; exit 2 ;;
esac
