#!/usr/bin/env python3
"""Cache experiment: a copy of an emitted kernel folder in which every global
store (the kernels store only y) carries a cache hint, the PTX reassembled
with ptxas. Modes:
  cs  st.global.cs: "cache streaming, likely accessed once" (evict-first
      allocation in L1 and L2);
  ef  st.global.L1::no_allocate.L2::cache_hint with an L2 evict_first policy
      (createpolicy once per kernel), the form of the hinted loads of
      rownorm-cache-hints.
Usage, from the repository root:
  rm -rf out/bench-cs; cp -r out/bench out/bench-cs
  python3 tools/gpu/prototypes/store_hints_variant.py out/bench-cs cs
Prints each changed kernel's registers before and after (ptx_rewrite.py).
"""
import re
import sys

from ptx_rewrite import rewrite_folder

STORE = re.compile(r"\bst\.global((?:\.[a-z0-9]+)+)\s+(\[[^\]]+\]),\s*([^;]+);")


def rewrite(text, mode):
    if mode == "cs":
        return STORE.sub(lambda g: f"st.global.cs{g.group(1)} {g.group(2)}, {g.group(3)};",
                         text)
    if mode != "ef":
        raise SystemExit(f"unknown mode {mode}")
    # One policy per kernel, declared and made first thing in its body.
    text = re.sub(r"(\.entry [^{]*\{\n)",
                  lambda g: g.group(1) + "\t.reg .b64 %ypol;\n\tcreatepolicy.fractional."
                  "L2::evict_first.b64 %ypol, 1.0;\n", text)
    return STORE.sub(lambda g: "st.global.L1::no_allocate.L2::cache_hint"
                     f"{g.group(1)} {g.group(2)}, {g.group(3)}, %ypol;", text)


def main(folder, mode):
    rewrite("", mode)  # an unknown mode stops here
    rewrite_folder(folder, lambda text: rewrite(text, mode), f"stores hinted ({mode})")


if __name__ == "__main__":
    main(*sys.argv[1:])
