#!/usr/bin/env python3
"""Register-cap experiment (s24b): in a copy of an emitted kernel folder,
the named kernels get `.maxnreg R` after `.maxntid` and are assembled again
by ptxas (ptx_rewrite.py; the manifest's registers updated). ptxas gives a
kernel the registers of its hungriest path; the cap is meant to be what the
path the benchmark runs needs alone (the same kernel emitted with static row
strides N), so the other paths spill instead. Usage, from the repository
root:
  python3 tools/gpu/prototypes/maxnreg_variant.py DIR rms_norm_f16_127=32 ...
Prints each changed kernel's registers before and after and its spills.
"""
import re
import sys

from ptx_rewrite import rewrite_folder


def main(folder, *caps):
    limits = dict(cap.split("=") for cap in caps)

    def transform(text):
        name = re.search(r"\.entry (\w+)\(", text).group(1)
        if name not in limits:
            return text
        return re.sub(r"(\.maxntid [^\n]*\n)",
                      lambda g: g.group(1) + f".maxnreg {limits[name]}\n", text, count=1)

    rewrite_folder(folder, transform, "maxnreg per kernel")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
