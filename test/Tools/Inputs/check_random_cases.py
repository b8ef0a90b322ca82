#!/usr/bin/env python3
"""Checks that tools/gpu/random_cases.py's harness lines fit its kernels.

  check_random_cases.py DIR

DIR holds random.mlir and cases.txt. Every kernel has one line; a kernel
that fixes M is run at exactly that M; one that fixes its row strides gets
no --strides (the harness refuses them); an in-place kernel has one row
buffer. Prints the count of each form it saw, or the first mismatch.
"""
import re
import sys

out = sys.argv[1]
kernels = {}
for m in re.finditer(r"func\.func @(\w+)\((.*?)\) \{", open(f"{out}/random.mlir").read()):
    name, params = m.group(1), m.group(2)
    row = re.search(r"%(?:x|xy): memref<(\?|\d+)x(\d+)x\w+(, strided<\[(\?|\d+), 1\]>)?>", params)
    rows, stride = row.group(1), row.group(4)
    kernels[name] = {
        "rows": None if rows == "?" else int(rows),
        "fixed_strides": stride != "?",  # no layout: strides fixed at N
        "in_place": "%xy:" in params and "%y:" not in params,
    }
seen = {"static M": 0, "fixed strides": 0, "in place": 0, "lines": 0}
for line in open(f"{out}/cases.txt"):
    name, *args = line.split()
    k = kernels.pop(name, None)
    if k is None:
        sys.exit(f"a line for {name}, which is not a kernel (or has two lines)")
    options = dict(zip(args[::2], args[1::2]))
    if k["rows"] is not None:
        seen["static M"] += 1
        if options["--rows"] != str(k["rows"]):
            sys.exit(f"{name} fixes M = {k['rows']} but runs --rows {options['--rows']}")
    if k["fixed_strides"]:
        seen["fixed strides"] += 1
        if "--strides" in options:
            sys.exit(f"{name} fixes its strides but runs --strides {options['--strides']}")
    elif "--strides" not in options:
        sys.exit(f"{name} takes its strides at launch but its line gives none")
    seen["in place"] += k["in_place"]
    seen["lines"] += 1
if kernels:
    sys.exit(f"no line for {sorted(kernels)[0]}")
print(", ".join(f"{key} {value}" for key, value in seen.items()))
