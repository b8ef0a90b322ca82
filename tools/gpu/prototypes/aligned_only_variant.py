#!/usr/bin/env python3
"""Register experiment: what the copy for rows of unknown alignment costs the
aligned rows. ptxas gives a kernel the registers of its hungriest path, so
the aligned copy runs with the unaligned copy's registers. This writes a
copy of an emitted kernel folder in which every kernel whose rows are whole
16-byte vectors (N * element bytes a multiple of 16) loses its version
branch: only the aligned copy is left, valid ONLY for strides that keep rows
aligned (the benchmark's contiguous inputs). Kernels of other widths are left
as they are. Usage, from the repository root:
  cp -r out/bench-wb out/bench-al
  python3 tools/gpu/prototypes/aligned_only_variant.py out/bench-al
With --maxnreg R, each changed kernel also gets `.maxnreg R`: without it
ptxas schedules the lone aligned copy for fewer registers and spreads its
loads (2026-12-01s8h).
Prints each changed kernel's registers before and after.
"""
import glob
import json
import re
import subprocess
import sys

ELEMENT_BYTES = {"f32": 4, "f16": 2, "bf16": 2}
# The version test the lowering emits: the strides OR-ed, masked to the
# elements of one 16-byte vector, compared with zero, then a branch to the
# copy for rows of unknown alignment.
VERSION = re.compile(r"and\.b64 \t(%rd\d+), %rd\d+, (?:7|3);\n\tsetp\.ne\.b64 \t(%p\d+), \1, 0;")


def registers(ptxas, ptx, cubin):
    log = subprocess.run([ptxas, "-arch=sm_90", "-v", ptx, "-o", cubin],
                         capture_output=True, text=True, check=True).stderr
    return int(re.search(r"Used (\d+) registers", log).group(1))


def main(folder, *args, ptxas="/usr/local/cuda/bin/ptxas"):
    maxnreg = int(args[1]) if args[:1] == ("--maxnreg",) else None
    for path in sorted(glob.glob(f"{folder}/*.json")):
        with open(path) as f:
            m = json.load(f)
        if m["n"] * ELEMENT_BYTES[m["dtype"]] % 16:
            continue
        ptx, cubin = path[:-5] + ".ptx", path[:-5] + ".cubin"
        with open(ptx) as f:
            text = f.read()
        version = VERSION.search(text)
        if not version:
            sys.exit(f"{ptx}: no version test found")
        branch = re.compile(rf"\n\t@{re.escape(version.group(2))} bra \t[^\n]*")
        text, count = branch.subn("", text, count=1)
        if count != 1:
            sys.exit(f"{ptx}: no branch on {version.group(2)}")
        if maxnreg:
            text = re.sub(r"(\.maxntid [^\n]*\n)", lambda g: g.group(1) + f".maxnreg {maxnreg}\n",
                          text, count=1)
        with open(ptx, "w") as f:
            f.write(text)
        regs = registers(ptxas, ptx, cubin)
        print(f"{m['dtype']:5}{m['n']:6} registers {m['resources']['registers']} -> {regs}")
        m["resources"].update(registers=regs, reported_by="ptxas, aligned copy only"
                            + (f", .maxnreg {maxnreg}" if maxnreg else ""))
        with open(path, "w") as f:
            json.dump(m, f, indent=1)


if __name__ == "__main__":
    main(*sys.argv[1:])
