#!/usr/bin/env python3
"""PTX-level variants of the staged 16-bit kernels (s24d): why the
compiler's staged copy trails bulk_staged_rows.cu at N = 127 (s24c: the
prototype 1.05x in bf16, 1.12x in f16). Two rewrites of the staged path,
each computing the same values:
  wb  w's loads before the block barrier that follows the bulk copy's
      issue (the prototype issues w first; ours after bar.sync), i.e. the
      barrier moved down to just before the wait on the copy;
  rw  x widened again after the rsqrt from the words it was read as,
      instead of keeping the widened f32 values alive across the reduction
      (the prototype holds the packed words: f16 32 registers against ours'
      44; ptxas gives the staged path alone 40 / 44 in f16 / bf16);
  nc  w's loads through the read-only path (the prototype's __ldg);
  wbnc  wb and nc.
rw's cubins came out byte-identical to ours (ptxas merges the conversions
again), so it was not run.
Usage, from the repository root (a copy of an emitted folder per variant):
  python3 tools/gpu/prototypes/staged_variants.py out/bench out/sv KERNEL...
writes out/sv-wb, out/sv-nc, out/sv-wbnc, out/sv-rw with those kernels rewritten and
reassembled by ptxas (ptx_rewrite.py; manifest registers updated), and
prints registers.
"""
import os
import re
import shutil
import sys

from ptx_rewrite import rewrite_folder

LABEL = re.compile(r"^(\$L__BB\d+_\d+):")
BRANCH = re.compile(r"^\s*(@!?%p\d+\s+)?bra(\.uni)?\s+(\$L__BB\d+_\d+);")
REG = re.compile(r"%r[sd]?\d+\b")
WIDEN = re.compile(r"^\s*(cvt\.f32\.f16|shl\.b32|and\.b32|selp\.f32|selp\.b16|mov\.b32)\s+(.*);")


def blocks_of(lines):
    """Basic blocks: (start, end) line ranges, a label map and successors."""
    starts = [0] + [i for i, l in enumerate(lines) if LABEL.match(l)]
    ranges = [(s, e) for s, e in zip(starts, starts[1:] + [len(lines)])]
    label = {LABEL.match(lines[s]).group(1): k for k, (s, e) in enumerate(ranges)
             if LABEL.match(lines[s])}
    succ = []
    for k, (s, e) in enumerate(ranges):
        nxt, falls = set(), True
        for i in range(s, e):
            m = BRANCH.match(lines[i])
            if m:
                nxt.add(label[m.group(3)])
                if not m.group(1):
                    falls = False
            if lines[i].strip() == "ret;":
                falls = False
        if falls and k + 1 < len(ranges):
            nxt.add(k + 1)
        succ.append(nxt)
    return ranges, succ


def block_at(ranges, line):
    return next(k for k, (s, e) in enumerate(ranges) if s <= line < e)


def move_barrier(lines):
    """wb: the bar.sync between the bulk copy's issue and the wait moves to
    just before the wait's inline asm."""
    wait = next(i for i, l in enumerate(lines) if "mbarrier.try_wait" in l)
    start = wait
    while not lines[start].strip().startswith("{ .reg .pred done"):
        start -= 1
    if lines[start - 1].strip() == "// begin inline asm":
        start -= 1
    bar = max(i for i in range(start) if lines[i].strip() == "bar.sync \t0;")
    if any(LABEL.match(l) or BRANCH.match(l) for l in lines[bar + 1:start]):
        sys.exit("staged_variants.py: a branch between the barrier and the wait")
    return lines[:bar] + lines[bar + 1:start] + [lines[bar]] + lines[start:]


def weight_nc(lines):
    """nc: w's loads between the bulk copy's issue and the wait (the staged
    path's only global loads there) through the read-only path, as the
    prototype's __ldg."""
    issue = next(i for i, l in enumerate(lines) if "cp.async.bulk.shared::cluster" in l)
    wait = next(i for i, l in enumerate(lines) if "mbarrier.try_wait" in l)
    out = list(lines)
    for i in range(issue, wait):
        out[i] = re.sub(r"\bld\.global\.(v4\.b32|b16|b32)\b", r"ld.global.nc.\1", out[i])
    if out == lines:
        sys.exit("staged_variants.py: no load of w before the wait")
    return out


def rewiden(lines):
    """rw: each value widened from x's words before the rsqrt and used after
    it is computed again right after the rsqrt, and the later uses (in the
    staged blocks) take the new register."""
    ranges, succ = blocks_of(lines)
    wait = next(i for i, l in enumerate(lines) if "mbarrier.try_wait" in l)
    first = block_at(ranges, wait)
    rsqrt = next(i for i in range(wait, ranges[first][1]) if "rsqrt.approx.f32" in lines[i])
    staged, todo = {first}, [first]
    while todo:
        for n in succ[todo.pop()]:
            if n not in staged:
                staged.add(n)
                todo.append(n)
    later = list(range(rsqrt + 1, ranges[first][1]))
    for k in sorted(staged - {first}):
        later += list(range(*ranges[k]))
    # Definitions by widening ops between the wait and the rsqrt.
    defs = {}
    for i in range(wait, rsqrt):
        m = WIDEN.match(lines[i])
        if not m:
            continue
        op, args = m.group(1), m.group(2)
        if op == "mov.b32":
            um = re.match(r"\{(%rs\d+), (%rs\d+)\}, (%r\d+)$", args)
            if um:  # an unpack of a word into two halves
                defs[um.group(1)] = defs[um.group(2)] = i
            continue
        if op in ("shl.b32", "and.b32") and not re.search(r", (16|-65536)$", args):
            continue
        defs[args.split(",")[0].strip()] = i
    used_later = {r for i in later for r in REG.findall(lines[i].split("//")[0])}
    counter = [max(int(x) for x in re.findall(r"%r(\d+)\b", "\n".join(lines))) + 1,
               max([int(x) for x in re.findall(r"%rs(\d+)\b", "\n".join(lines))] + [0]) + 1]
    new, emitted = {}, []

    def fresh(reg):
        kind = 1 if reg.startswith("%rs") else 0
        name = f"%rs{counter[1]}" if kind else f"%r{counter[0]}"
        counter[kind] += 1
        return name

    def recompute(reg):
        if reg in new:
            return new[reg]
        i = defs[reg]
        text = lines[i]
        opname = text.strip().split()[0]
        if opname == "mov.b32":
            um = re.match(r"\s*mov\.b32\s+\{(%rs\d+), (%rs\d+)\},(.*)$", text)
            outs, body = [um.group(1), um.group(2)], um.group(3)
        else:
            om = re.match(r"\s*\S+\s+(%r[sd]?\d+),(.*)$", text)
            outs, body = [om.group(1)], om.group(2)
        for r in set(REG.findall(body)):
            if r in defs:
                body = re.sub(re.escape(r) + r"\b", recompute(r), body)
        for r in outs:
            new[r] = fresh(r)
        if opname == "mov.b32":
            emitted.append(f"\tmov.b32 \t{{{new[outs[0]]}, {new[outs[1]]}}},{body}")
        else:
            emitted.append(f"\t{opname} \t{new[outs[0]]},{body}")
        return new[reg]

    targets = sorted(r for r in used_later if r in defs and not r.startswith("%rs"))
    for r in targets:
        recompute(r)
    if not targets:
        return lines
    out = list(lines)
    for i in later:
        code, sep, comment = out[i].partition("//")
        for r in targets:
            code = re.sub(re.escape(r) + r"\b", new[r], code)
        out[i] = code + sep + comment
    # New registers need declarations: widen the .reg counts.
    text = "\n".join(out[:rsqrt + 1] + emitted + out[rsqrt + 1:])
    text = re.sub(r"\.reg \.b32 \t%r<\d+>;", f".reg .b32 \t%r<{counter[0] + 1}>;", text)
    text = re.sub(r"\.reg \.b16 \t%rs<\d+>;", f".reg .b16 \t%rs<{counter[1] + 1}>;", text)
    return text.split("\n")


def main(src, dst, *kernels):
    variants = {"wb": [move_barrier], "nc": [weight_nc], "wbnc": [move_barrier, weight_nc],
                "rw": [rewiden]}
    for label, steps in variants.items():
        folder = f"{dst}-{label}"
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        for k in kernels:
            for ext in ("json", "ptx", "cubin"):
                shutil.copy(f"{src}/{k}.sm_90.{ext}", folder)

        def transform(text, steps=steps):
            lines = text.split("\n")
            for step in steps:
                lines = step(lines)
            return "\n".join(lines)

        print(label)
        rewrite_folder(folder, transform, f"staged_variants.py {label}")


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
