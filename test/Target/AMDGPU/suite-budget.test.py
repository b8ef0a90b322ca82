"""Writes the benchmark suite's kernels as MLIR (widths from
suite_widths.py), or with --check DIR reads the emitted manifests and
assembly and reports each kernel over gfx942's budget."""
import glob
import json
import os
import subprocess
import sys

if sys.argv[1] != "--check":
    widths = subprocess.run([sys.executable, sys.argv[1]], check=True,
                            capture_output=True, text=True).stdout.split()
    for t in ("f32", "f16", "bf16"):
        for n in widths:
            rows = f"memref<?x{n}x{t}, strided<[?, 1]>>"
            print(f"func.func @rms_norm_{t}_{n}(%x: {rows}, %w: memref<{n}x{t}>, "
                  f"%y: {rows}, %eps: f32) {{\n  rownorm.rms_norm ins(%x : {rows}) "
                  f"weight(%w : memref<{n}x{t}>) outs(%y : {rows}) epsilon(%eps)\n"
                  f"  return\n}}")
    sys.exit(0)


def find(d, key):
    if isinstance(d, dict):
        for k, v in d.items():
            if k == key:
                return v
            found = find(v, key)
            if found is not None:
                return found
    return None


over, lds_max = [], 0
manifests = sorted(glob.glob(os.path.join(sys.argv[2], "*.json")))
for path in manifests:
    name = os.path.basename(path)[:-len(".json")]
    m = json.load(open(path))
    scratch, lds = find(m, "scratch_bytes"), find(m, "lds_bytes")
    lds_max = max(lds_max, lds or 0)
    asm = open(path[:-len(".json")] + ".s").read()
    if scratch != 0:
        over.append(f"{name}: scratch {scratch}")
    if lds is None or lds > 65536:
        over.append(f"{name}: LDS {lds}")
    if "global_load_dwordx4" not in asm:
        over.append(f"{name}: no 16-byte loads")
for line in over:
    print("over budget:", line)
if over:
    sys.exit(1)
print(f"{len(manifests)} kernels: scratch 0 in all, LDS at most {lds_max} bytes "
      "(limit 65536), 16-byte x loads in all")
