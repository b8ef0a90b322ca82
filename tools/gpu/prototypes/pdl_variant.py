#!/usr/bin/env python3
"""Launch-overlap experiment: a copy of an emitted kernel folder whose kernels
begin with `griddepcontrol.wait` (no global access before the grids they
depend on have finished and their writes are visible) and then
`griddepcontrol.launch_dependents` (the next kernel in the stream may be
scheduled as soon as every block of this one has started), the PTX
reassembled with ptxas. The runtime launches them with programmatic stream
serialization only with prototypes/pdl-launch.patch applied and
RMSNORM_PROTO_PDL set to a part of their folder's path (without the
attribute the two instructions do nothing). Usage, from the repository root:
  rm -rf out/bench-pdl; cp -r out/bench out/bench-pdl
  python3 tools/gpu/prototypes/pdl_variant.py out/bench-pdl
"""
import re
import sys

from ptx_rewrite import rewrite_folder


def prologue(text):
    text, count = re.subn(r"(\.entry [^{]*\{\n)", lambda g: g.group(1) +
                          "\tgriddepcontrol.wait;\n\tgriddepcontrol.launch_dependents;\n",
                          text)
    if count != 1:
        raise SystemExit(f"{count} kernel entries in one PTX file, expected 1")
    return text


if __name__ == "__main__":
    rewrite_folder(sys.argv[1], prologue, "griddepcontrol added")
