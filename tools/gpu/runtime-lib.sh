# Sourced by the GPU scripts that load kernels through the runtime's C entry
# point (benchmark.sh, schedules.sh, torch.sh): builds it on the GPU machine.
# build_runtime: prints the card and driver, builds tools/rmsnorm-harness into
# /tmp/runtime-build (logs in /tmp/runtime-*.log, shown on failure) and sets
# RUNTIME_LIB to the shared library.
build_runtime() {
  local build=/tmp/runtime-build
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  cmake -S "$ROOT/tools/rmsnorm-harness" -B "$build" -G Ninja > /tmp/runtime-cmake.log 2>&1 \
    && cmake --build "$build" > /tmp/runtime-build.log 2>&1 || { cat /tmp/runtime-*.log; exit 1; }
  RUNTIME_LIB="$build/lib/librmsnorm_runtime.so"
}

# card_tag: the card's short name for record file names (h200, h100, ...),
# from nvidia-smi; "gpu" when it names no such model. The lent machine may be
# an H100 or an H200, so a record's name must not assume one.
card_tag() {
  local name
  name=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
  name=$(grep -oiE '\b[a-z][0-9]{2,4}\b' <<< "$name" | head -1 | tr '[:upper:]' '[:lower:]')
  echo "${name:-gpu}"
}
