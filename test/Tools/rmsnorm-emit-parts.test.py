"""Fails when a source file of rmsnorm-emit mixes two vendors.

The generic driver and writers may name neither vendor's tools or formats;
each vendor's folder names only its own; the one registry that lists the
targets (InitAllEmitTargets.h) is the exception, by design.
"""
import os
import re
import sys

root = sys.argv[1]
NV = re.compile(r"nvptx|nvvm|ptxas|cubin|sm_\d", re.I)
AMD = re.compile(r"amdgpu|amdgcn|rocdl|hsaco|gfx\d|llvm-mc|ld\.lld", re.I)
files = []
for folder in ["lib/Emit", "include/rmsnorm/Emit", "tools/rmsnorm-emit"]:
    for dirpath, _, names in os.walk(os.path.join(root, folder)):
        files += [os.path.join(dirpath, n) for n in names if n.endswith((".cpp", ".h"))]
bad = []
for path in sorted(files):
    rel = os.path.relpath(path, root)
    text = open(path).read()
    nv, amd = bool(NV.search(text)), bool(AMD.search(text))
    vendor = "NVPTX" if "/NVPTX/" in rel else "AMDGPU" if "/AMDGPU/" in rel else None
    if rel.endswith("InitAllEmitTargets.h"):
        continue
    if (vendor == "NVPTX" and amd) or (vendor == "AMDGPU" and nv) or (nv and amd):
        bad.append(f"{rel} mixes vendors")
print(f"{len(files)} files checked")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
