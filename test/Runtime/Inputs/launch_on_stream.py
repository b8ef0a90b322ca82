"""Launches a kernel through the C entry point (librmsnorm_runtime.so) on a
stream of the caller's, for test/Runtime/fake-driver-launch.test: with the
fake CUDA driver nothing runs on the device, so x, w and y are only aligned
addresses. Usage: launch_on_stream.py RUNTIME_LIB MANIFEST ROWS STREAM"""
import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])
lib.rmsnorm_kernel_load.restype = ctypes.c_void_p
lib.rmsnorm_kernel_load.argtypes = [ctypes.c_char_p]
lib.rmsnorm_last_error.restype = ctypes.c_char_p
lib.rmsnorm_kernel_launch.argtypes = [
    ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
    ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_float,
    ctypes.c_void_p]
kernel = lib.rmsnorm_kernel_load(sys.argv[2].encode())
if not kernel:
    sys.exit(f"load: {lib.rmsnorm_last_error().decode()}")
lib.rmsnorm_kernel_free.argtypes = [ctypes.c_void_p]
n = 4096
status = lib.rmsnorm_kernel_launch(kernel, 1 << 40, 2 << 40, 3 << 40, int(sys.argv[3]),
                                   n, n, 1e-6, int(sys.argv[4], 0))
error = lib.rmsnorm_last_error().decode()
lib.rmsnorm_kernel_free(kernel)
if status != 0:
    sys.exit(f"launch: {error}")
print("launched")
