"""Shared by the PTX-level experiments (store_hints_variant.py,
pdl_variant.py): rewrites the PTX of every nvptx kernel in an emitted
folder (a copy: the files are changed in place), reassembles the cubin with
ptxas and records ptxas' registers in the manifest."""
import glob
import json
import re
import subprocess


def rewrite_folder(folder, transform, label, ptxas="/usr/local/cuda/bin/ptxas"):
    """Applies transform(ptx_text) -> new text to each kernel; prints each
    changed kernel's registers before and after."""
    for path in sorted(glob.glob(f"{folder}/*.json")):
        with open(path) as f:
            m = json.load(f)
        if m.get("target") != "nvptx":
            continue
        ptx, cubin = path[:-5] + ".ptx", path[:-5] + ".cubin"
        with open(ptx) as f:
            text = f.read()
        new = transform(text)
        if new == text:
            continue
        before = m["resources"]["registers"]
        regs, spill = reassemble(path, m, new, label, ptxas)
        print(f"{m['kernel']:32} registers {before} -> {regs}, spill {spill}")


def reassemble(path, m, ptx_text, label, ptxas="/usr/local/cuda/bin/ptxas"):
    """Writes ptx_text as the kernel's PTX (manifest `path`, loaded as m),
    assembles its cubin and records ptxas' registers and spills in the
    manifest; returns (registers, spill store bytes)."""
    ptx, cubin = path[:-5] + ".ptx", path[:-5] + ".cubin"
    with open(ptx, "w") as f:
        f.write(ptx_text)
    log = subprocess.run([ptxas, "-arch=sm_90", "-v", ptx, "-o", cubin],
                         capture_output=True, text=True, check=True).stderr
    regs = int(re.search(r"Used (\d+) registers", log).group(1))
    spill = int(re.search(r"(\d+) bytes spill stores", log).group(1))
    m["resources"].update(registers=regs, spill_store_bytes=spill,
                          reported_by=f"ptxas, {label}")
    with open(path, "w") as f:
        json.dump(m, f, indent=1)
    return regs, spill
