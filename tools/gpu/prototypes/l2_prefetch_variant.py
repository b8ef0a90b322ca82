#!/usr/bin/env python3
"""L2 prefetch experiment (s28b-s28d): a copy of an emitted kernel folder in which
thread (0, 0) of block b, right after the launch's dependency wait, asks the
copy engine to bring block b + D's rows of x into L2
(`cp.async.bulk.prefetch.L2.global`, one instruction, no register held past
it), D chosen so that the rows prefetched ahead of the running blocks come
to about AHEAD bytes. Only where a block's rows are one contiguous, 16-byte
multiple run (row stride N, checked at run time: other strides skip the
prefetch) and the block exists. The question: are the long rows' DRAM reads
held back by the blocks' phases (load, reduce, store), which a prefetch
issued at a block's start does not wait on?
Usage, from the repository root:
  cp -r out/bench out/pf8 && python3 tools/gpu/prototypes/l2_prefetch_variant.py out/pf8 8 [NAMES...]
(AHEAD in MiB; or rF: D = F x the blocks resident at once on the card's
132 processors, from ptxas' registers before the change; or bK: D = K
blocks, b0 the block's own rows; or off: the same code whose prefetch
never issues (its stride test never holds), the control for what the code
alone does to registers and scheduling; NAMES limit it to those kernels, e.g.
rms_norm_bf16_8192).
Prints each changed kernel's D, bytes a block and registers."""
import glob
import json
import os
import sys

from min_blocks_variant import blocks
from ptx_rewrite import reassemble

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from schedules import ELEMENT_BYTES  # noqa: E402

PROCESSORS = 132
ANCHOR = "griddepcontrol.launch_dependents;\n\t// end inline asm\n"


def prefetch_ptx(kernel, index, n, rows_per_block, row_bytes, ahead_blocks,
                 issue=True):
    block_bytes = rows_per_block * row_bytes
    p = lambda i: f"[{kernel}_param_{index[i]}]"
    return f"""\t{{
\t.reg .pred %pfp<3>;
\t.reg .b32 %pfr<3>;
\t.reg .b64 %pfd<5>;
\tmov.u32 %pfr0, %tid.x;
\tmov.u32 %pfr1, %tid.y;
\tor.b32 %pfr2, %pfr0, %pfr1;
\tsetp.eq.u32 %pfp0, %pfr2, 0;
\tld.param.b64 %pfd0, {p('rows')};
\tld.param.b64 %pfd1, {p('x_row_stride')};
\tmov.u32 %pfr0, %ctaid.x;
\tcvt.u64.u32 %pfd2, %pfr0;
\tadd.s64 %pfd2, %pfd2, {ahead_blocks + 1};
\tmul.lo.s64 %pfd2, %pfd2, {rows_per_block};
\tsetp.le.and.u64 %pfp1, %pfd2, %pfd0, %pfp0;
\tsetp.eq.and.u64 %pfp2, %pfd1, {n if issue else -1}, %pfp1;
\tld.param.b64 %pfd3, {p('x')};
\tcvta.to.global.u64 %pfd3, %pfd3;
\tmad.lo.s64 %pfd4, %pfd2, {row_bytes}, %pfd3;
\tsub.s64 %pfd4, %pfd4, {block_bytes};
\t@%pfp2 cp.async.bulk.prefetch.L2.global [%pfd4], {block_bytes};
\t}}
"""


def blocks_ahead(ahead, m, block_bytes):
    """D for one kernel (manifest m) from the AHEAD argument."""
    if ahead == "off":
        return 0
    if ahead.startswith("b"):
        return int(ahead[1:])
    if ahead.startswith("r"):
        threads = m["block"][0] * m["block"][1]
        resident = PROCESSORS * blocks(m["resources"]["registers"], threads)
        return max(1, round(float(ahead[1:]) * resident))
    return max(1, round(float(ahead) * (1 << 20) / block_bytes))


def main(folder, ahead, *names, ptxas="/usr/local/cuda/bin/ptxas"):
    for path in sorted(glob.glob(f"{folder}/*.json")):
        with open(path) as f:
            m = json.load(f)
        if m.get("target") != "nvptx" or (names and m["kernel"] not in names):
            continue
        index = {q["name"]: i for i, q in enumerate(m["params"])}
        if not {"x", "rows", "x_row_stride"} <= index.keys():
            continue
        rows_per_block = m["schedule"]["rows_per_block"]
        row_bytes = m["n"] * ELEMENT_BYTES[m["dtype"]]
        block_bytes = rows_per_block * row_bytes
        if block_bytes % 16:
            continue
        ahead_blocks = blocks_ahead(ahead, m, block_bytes)
        with open(path[:-5] + ".ptx") as f:
            text = f.read()
        if ANCHOR not in text:
            print(f"{m['kernel']}: no launch_dependents, left alone")
            continue
        text = text.replace(ANCHOR, ANCHOR + prefetch_ptx(
            m["kernel"], index, m["n"], rows_per_block, row_bytes, ahead_blocks,
            issue=ahead != "off"), 1)
        before = m["resources"]["registers"]
        regs, spill = reassemble(path, m, text, f"L2 prefetch {ahead} ahead", ptxas)
        print(f"{m['kernel']:34} D {ahead_blocks:5} blocks of {block_bytes:6} B, registers "
              f"{before} -> {regs}, spill {spill}")


if __name__ == "__main__":
    main(*sys.argv[1:])
