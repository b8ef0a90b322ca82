# -*- Python -*-
import os
import shutil

import lit.formats
from lit.llvm import llvm_config

config.name = "RMSNORM"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "records", "corpus", "consumer", "lib", "tools", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.rmsnorm_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

# Our tools first, then LLVM's (FileCheck, not, mlir-opt, mlir-runner, ...).
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.rmsnorm_tools_dir, append_path=True)
tool_dirs = [config.rmsnorm_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    ["rmsnorm-opt", "rmsnorm-emit", "rmsnorm-test-emit", "rmsnorm-harness",
     "rmsnorm-runtime-tests"],
    tool_dirs)

config.substitutions.append(("%rmsnorm_src_root", config.rmsnorm_src_root))
# The runtime's C entry point: the numerics reference for every caller.
config.substitutions.append(("%rmsnorm_runtime_lib", os.path.join(
    config.rmsnorm_obj_root, "lib", "librmsnorm_runtime.so")))
config.substitutions.append(("%rmsnorm_obj_root", config.rmsnorm_obj_root))
# libcuda.so.1 without a GPU (test/tools/fake-cuda-driver), with and without
# cuLaunchKernelEx: an LD_LIBRARY_PATH for `env` that puts it first and keeps
# what the caller's held.
def fake_cuda_env(folder):
    path = [os.path.join(config.rmsnorm_obj_root, "test", folder)]
    if os.environ.get("LD_LIBRARY_PATH"):
        path.append(os.environ["LD_LIBRARY_PATH"])
    return "LD_LIBRARY_PATH=" + ":".join(path)
config.substitutions.append(("%fake_cuda_old_env", fake_cuda_env("fake-cuda-old")))
config.substitutions.append(("%fake_cuda_env", fake_cuda_env("fake-cuda")))

# Optional tools gate tests with REQUIRES:, so a machine without them reports
# those tests as unsupported rather than passed.
def find_tool(name, extra_dirs):
    for d in extra_dirs:
        path = os.path.join(d, name)
        if os.access(path, os.X_OK):
            return path
    return shutil.which(name)

runner = find_tool("mlir-runner", [config.llvm_tools_dir])
c_runner_utils = os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils.so")
runner_utils = os.path.join(config.llvm_lib_dir, "libmlir_runner_utils.so")
if runner and os.path.exists(c_runner_utils) and os.path.exists(runner_utils):
    config.available_features.add("mlir-runner")
    config.substitutions.append(("%mlir_c_runner_utils", c_runner_utils))
    config.substitutions.append(("%mlir_runner_utils", runner_utils))
    # Upstream's CPU lowering of what rownorm-optimize-pipeline produces.
    config.substitutions.append(("%{lower_to_cpu}", " ".join([
        "--convert-vector-to-scf", "--convert-scf-to-cf",
        "--convert-vector-to-llvm", "--expand-strided-metadata",
        "--lower-affine", "--finalize-memref-to-llvm",
        "--convert-math-to-llvm", "--convert-arith-to-llvm",
        "--convert-cf-to-llvm", "--convert-func-to-llvm",
        "--convert-index-to-llvm", "--reconcile-unrealized-casts"])))

ptxas = find_tool("ptxas", ["/usr/local/cuda/bin"])
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))

# A machine with a loadable NVIDIA driver (the GPU machine, not CI).
import ctypes
try:
    ctypes.CDLL("libcuda.so.1")
    config.available_features.add("cuda-driver")
except OSError:
    pass

# A CUDA PyTorch >= 2.9 that sees a GPU (the binding in tools/torch).
import subprocess
try:
    probe = subprocess.run(
        ["python3", "-c", "import torch, sys; v = tuple(int(p) for p in "
         "torch.__version__.split('+')[0].split('.')[:2]); "
         "print(torch.utils.cmake_prefix_path); "
         "sys.exit(0 if v >= (2, 9) and torch.cuda.is_available() else 1)"],
        capture_output=True, text=True, timeout=120)
    if probe.returncode == 0:
        config.available_features.add("torch-cuda")
        config.substitutions.append(("%torch_cmake_prefix", probe.stdout.strip()))
except (OSError, subprocess.TimeoutExpired):
    pass

if find_tool("ld.lld", [config.llvm_tools_dir]):
    config.available_features.add("ld.lld")

# The fuzzer of the sanitizer build (tools/sanitize.sh): in this build's tools
# when this is the sanitizer build, else where RMSNORM_FUZZ points.
fuzzer = find_tool("rmsnorm-fuzz", [config.rmsnorm_tools_dir])
if not fuzzer and os.environ.get("RMSNORM_FUZZ"):
    fuzzer = os.environ["RMSNORM_FUZZ"] if os.access(os.environ["RMSNORM_FUZZ"], os.X_OK) else None
if fuzzer:
    config.available_features.add("rmsnorm-fuzz")
    config.substitutions.append(("%rmsnorm_fuzz", fuzzer))

# Sanitizer settings reach the tools (tools/sanitize.sh sets them).
for name in ["ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"]:
    if name in os.environ:
        config.environment[name] = os.environ[name]
