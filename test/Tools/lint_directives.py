"""Fails when a test file holds a lit/FileCheck directive without its colon.

A line such as `// CHECK foo` or `// RUN rmsnorm-opt` is silently ignored by
lit and FileCheck; this catches them, and also `expected-error` lines that
lack the `{{...}}` text, which -verify-diagnostics would not check.
"""
import os
import re
import sys

SUFFIXES = r"(-NEXT|-SAME|-NOT|-DAG|-LABEL|-COUNT-\d+|-EMPTY)?"
# A comment directive: a known prefix followed by something other than ':'.
MISSING_COLON = re.compile(
    r"^\s*(//|#)\s*(RUN|REQUIRES|CHECK|PTX|AMDGCN|COMMON|GENERIC|DEFAULT|"
    r"FEATURES|ALL|THREADS|ROWS|WHOLE)" + SUFFIXES + r"(\s|$)")
EXPECTED = re.compile(r"expected-(error|remark|warning|note)\b(?!.*\{\{.*\}\})")


def main(root, exclude=None):
    problems = []
    for dirpath, _, files in os.walk(root):
        if exclude and os.path.abspath(dirpath).startswith(os.path.abspath(exclude)):
            continue
        for name in files:
            if not name.endswith((".mlir", ".test")):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    if MISSING_COLON.search(line):
                        problems.append(f"{path}:{number}: directive without ':': {line.strip()}")
                    if EXPECTED.search(line) and "//" in line:
                        problems.append(f"{path}:{number}: expected-* without {{{{...}}}}: {line.strip()}")
    for problem in problems:
        print(problem)
    print(f"{len(problems)} directive problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None))
