#!/usr/bin/env python3
"""Register experiment: x held packed instead of widened (eleventh session).

Where a kernel holds x across the reduction (rownorm-reuse-row-loads), the
scaling reuses the f32 values the sum of squares widened, so a thread keeps
vectors x width f32 registers alive across the barrier. For bf16 the
widening is one shift or mask per value (`shl.b32 r, p, 16` /
`and.b32 r, p, -65536` of a packed pair p), so the scaling could widen again
from the packed pairs and keep half the registers alive. Checked with ptxas
here: bf16 3584 96 -> 78 registers, 7168 94 -> 80, 14336 106 -> 80.
Measured (twelfth session, s12c, `pk`): 1.3% slower geomean over 30
cell-runs at 256-2048 rows of 2560-14336 (-4.0 to +1.6%); not adopted.

This writes a copy of an emitted kernel folder in which, in every bf16
kernel, each widened value of the aligned copy (between its label and its
first bar.sync, before any branch) that is used after that bar.sync is
widened again right after it from its packed pair, and the later uses take
the new register. The computation is the same by construction (the same
pure function of a register defined once); only the live ranges change.
Kernels without such values, or where ptxas saves no register, are left
as they are. Usage, from the
repository root:
  cp -r out/bench out/bench-pk
  python3 tools/gpu/prototypes/packed_held_variant.py out/bench-pk
Prints each changed kernel's registers before and after.
"""
import glob
import json
import re
import subprocess
import sys

VERSION = re.compile(r"setp\.ne\.b64 \t(%p\d+), %rd\d+, 0;")
WIDEN = re.compile(r"\t(shl|and)\.b32 \t(%r\d+), (%r\d+), (16|-65536);$")
REG = re.compile(r"%r\d+\b")


def registers(ptxas, ptx, cubin):
    log = subprocess.run([ptxas, "-arch=sm_90", "-v", ptx, "-o", cubin],
                         capture_output=True, text=True, check=True).stderr
    return int(re.search(r"Used (\d+) registers", log).group(1))


def aligned_start(lines):
    """The first line of the aligned copy: the version branch goes to the
    copy for rows of unknown alignment; the aligned copy follows it (after a
    `bra.uni` to its label, or falling through)."""
    for i, line in enumerate(lines):
        m = VERSION.search(line)
        if not m:
            continue
        for j in range(i + 1, len(lines)):
            if lines[j].startswith(f"\t@{m.group(1)} bra"):
                nxt = lines[j + 1].strip()
                if nxt.startswith("bra.uni"):
                    label = nxt.split()[-1].rstrip(";") + ":"
                    return lines.index(label) + 1
                return j + 1
    return None


def transform(text):
    lines = text.split("\n")
    start = aligned_start(lines)
    if start is None:
        return text, 0
    barrier = next((k for k in range(start, len(lines)) if "bar.sync" in lines[k]), None)
    if barrier is None:
        return text, 0
    # Widened values defined before the region's first branch or label, so
    # that they (and their packed sources) dominate the barrier.
    defs = {}
    for k in range(start, barrier):
        s = lines[k].strip()
        if s.endswith(":") or " bra" in s or s.startswith("bra"):
            break
        m = WIDEN.match(lines[k])
        if m:
            defs[m.group(2)] = (m.group(1), m.group(3), m.group(4))
    # Each packed source must be defined once in the kernel.
    defined = {}
    for line in lines:
        m = re.match(r"\t(?:@!?%p\d+ )?[a-z][\w.:]* \t(%r\d+|\{[^}]*\}),", line)
        if m:
            for r in REG.findall(m.group(1)):
                defined[r] = defined.get(r, 0) + 1
    used = sorted({r for line in lines[barrier + 1:] for r in REG.findall(line) if r in defs},
                  key=lambda r: int(r[2:]))
    used = [r for r in used if defined.get(defs[r][1]) == 1 and defined.get(r) == 1]
    if not used:
        return text, 0
    decl = re.search(r"\.reg \.b32 \t%r<(\d+)>;", text)
    fresh = int(decl.group(1))
    rename, added = {}, []
    for r in used:
        op, packed, constant = defs[r]
        rename[r] = f"%r{fresh}"
        added.append(f"\t{op}.b32 \t%r{fresh}, {packed}, {constant};")
        fresh += 1
    tail = [REG.sub(lambda m: rename.get(m.group(0), m.group(0)), line)
            for line in lines[barrier + 1:]]
    out = "\n".join(lines[:barrier + 1] + added + tail)
    out = out.replace(decl.group(0), f".reg .b32 \t%r<{fresh}>;", 1)
    return out, len(used)


def main(folder, ptxas="/usr/local/cuda/bin/ptxas"):
    for path in sorted(glob.glob(f"{folder}/*.json")):
        with open(path) as f:
            m = json.load(f)
        if m["dtype"] != "bf16":
            continue
        ptx, cubin = path[:-5] + ".ptx", path[:-5] + ".cubin"
        with open(ptx) as f:
            original = f.read()
        text, count = transform(original)
        if not count:
            continue
        with open(ptx, "w") as f:
            f.write(text)
        regs = registers(ptxas, ptx, cubin)
        if regs >= m["resources"]["registers"]:
            # No register saved: the kernel is left as it was.
            with open(ptx, "w") as f:
                f.write(original)
            registers(ptxas, ptx, cubin)
            continue
        print(f"{m['dtype']:5}{m['n']:6} {path.split('/')[-1]}: {count} values widened again; "
              f"registers {m['resources']['registers']} -> {regs}")
        m["resources"].update(registers=regs, reported_by="ptxas, x held packed")
        with open(path, "w") as f:
            json.dump(m, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
