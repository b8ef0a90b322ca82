"""Outputs planted at the tolerance, one ULP past it, and a NaN, judged by the
project's numerics reference through two callers: Python (ctypes on
librmsnorm_runtime.so) and rmsnorm-harness's `check` mode (raw files). Both
print one line per case, "DTYPE CASE: MISMATCHES", for FileCheck; the CPU
integration test cpu-planted-outputs.mlir prints the same lines.

usage: planted_outputs.py LIBRARY HARNESS WORKDIR
"""
import ctypes
import math
import os
import struct
import subprocess
import sys

CODES = {"f32": 0, "f16": 1, "bf16": 2}
ROWS, N, EPS = 2, 16, 1e-5
PLANT_ROW, PLANT_COL = 0, 5
NAN = {"f32": 0x7FC00000, "f16": 0x7E00, "bf16": 0x7FC0}


def to_bits(dtype, value):
    f32 = struct.unpack("<I", struct.pack("<f", value))[0]
    if dtype == "f32":
        return f32
    if dtype == "bf16":  # round to nearest even from f32
        return (f32 + 0x7FFF + ((f32 >> 16) & 1)) >> 16
    return struct.unpack("<H", struct.pack("<e", value))[0]


def pack(dtype, bits):
    return struct.pack("<" + ("I" if dtype == "f32" else "H") * len(bits), *bits)


def unpack(dtype, data):
    width = 4 if dtype == "f32" else 2
    return list(struct.unpack("<" + ("I" if dtype == "f32" else "H") * (len(data) // width), data))


def f32(value):
    return struct.unpack("<f", struct.pack("<f", value))[0]


def pattern(i, j, scale):
    # The CPU test's @pattern: ((i*131 + j*71) mod 61 - 30) * scale in f32.
    return f32(((i * 131 + j * 71) % 61 - 30) * f32(scale))


def main(library, harness, workdir):
    lib = ctypes.CDLL(library)
    lib.rmsnorm_max_ulps.restype = ctypes.c_int32
    lib.rmsnorm_reference.argtypes = [ctypes.c_int32, ctypes.c_int32, ctypes.c_int64, ctypes.c_int64,
                                      ctypes.c_char_p, ctypes.c_int64, ctypes.c_char_p,
                                      ctypes.c_char_p, ctypes.c_int64, ctypes.c_double]
    lib.rmsnorm_check.restype = ctypes.c_int64
    lib.rmsnorm_check.argtypes = [ctypes.c_int32, ctypes.c_int32, ctypes.c_int64, ctypes.c_int64,
                                  ctypes.c_char_p, ctypes.c_int64, ctypes.c_char_p,
                                  ctypes.c_char_p, ctypes.c_int64, ctypes.c_double, ctypes.c_void_p]
    os.makedirs(workdir, exist_ok=True)
    for dtype in ["f32", "f16", "bf16"]:
        code = CODES[dtype]
        x = pack(dtype, [to_bits(dtype, pattern(i, j, 0.1)) for i in range(ROWS) for j in range(N)])
        w = pack(dtype, [to_bits(dtype, pattern(0, j, 0.01)) for j in range(N)])
        eps = struct.unpack("<f", struct.pack("<f", EPS))[0]  # as an f32 kernel gets it
        ref = ctypes.create_string_buffer(len(x))
        if lib.rmsnorm_reference(code, code, ROWS, N, x, N, w, ref, N, eps):
            raise SystemExit("rmsnorm_reference failed")
        tol = lib.rmsnorm_max_ulps(code)
        base = unpack(dtype, ref.raw)
        for case, delta in [("at-tolerance", tol), ("past-tolerance", tol + 1), ("nan", None)]:
            bits = list(base)
            k = PLANT_ROW * N + PLANT_COL
            bits[k] = NAN[dtype] if delta is None else bits[k] + delta
            y = pack(dtype, bits)
            python = lib.rmsnorm_check(code, code, ROWS, N, x, N, w, y, N, eps, None)
            paths = {}
            for name, data in [("x", x), ("w", w), ("y", y)]:
                paths[name] = os.path.join(workdir, f"{dtype}-{case}-{name}.bin")
                with open(paths[name], "wb") as f:
                    f.write(data)
            run = subprocess.run([harness, "check", "--dtype", dtype, "--rows", str(ROWS),
                                  "--n", str(N), "--epsilon", repr(eps), "--x", paths["x"],
                                  "--w", paths["w"], "--y", paths["y"]],
                                 capture_output=True, text=True)
            verdict = run.stdout.split("mismatches=")[1].split()[0] if "mismatches=" in run.stdout else "error"
            if run.returncode not in (0, 1) or (run.returncode == 0) != (verdict == "0"):
                raise SystemExit(f"harness: exit {run.returncode}: {run.stdout} {run.stderr}")
            print(f"python {dtype} {case}: {python}")
            print(f"harness {dtype} {case}: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
