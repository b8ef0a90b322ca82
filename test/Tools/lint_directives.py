"""Fails on FileCheck and lit directives that silently check nothing.

Each test file is read with its own check prefixes: those its RUN lines give
FileCheck (--check-prefix, --check-prefixes; CHECK when a FileCheck gets
none). Reported:
- a directive of one of those prefixes without its colon (`// CHECK foo`, `#
  RUN rmsnorm-opt`), which lit and FileCheck ignore;
- a `-NOT` line before the first positive line of its prefix: it scans only
  the text before that line's first match, not the whole output (use
  --implicit-check-not, or put the -NOT after a positive line); a prefix
  with no positive line at all is fine: its -NOT lines scan everything;
- a directive whose prefix no RUN line checks (a misspelt or forgotten
  prefix checks nothing);
- an `expected-*` without its `{{...}}` text, which -verify-diagnostics would
  not compare.
"""
import os
import re
import sys

LIT_KEYWORDS = {"RUN", "REQUIRES", "UNSUPPORTED", "XFAIL", "DEFINE", "REDEFINE",
                "ALLOW_RETRIES", "END"}
SUFFIX = r"(?:-(NEXT|SAME|NOT|DAG|LABEL|EMPTY|COUNT-\d+))?"
COMMENT = r"^\s*(?://|#|;)\s*"
# Any upper-case directive-looking token followed by a colon.
DIRECTIVE = re.compile(COMMENT + r"([A-Z][A-Z0-9_]*(?:-[A-Z0-9_]+)*):")
EXPECTED = re.compile(r"expected-(error|remark|warning|note)\b(?!.*\{\{.*\}\})")
PREFIX_OPTION = re.compile(r"--?check-prefix(?:es)?(?:=|\s+)([A-Za-z0-9_,-]+)")


def run_lines(lines):
    """The RUN commands, continuation lines joined."""
    commands, current = [], ""
    for line in lines:
        m = re.match(COMMENT + r"RUN:(.*)$", line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            current += part[:-1] + " "
            continue
        commands.append(current + part)
        current = ""
    return commands


def prefixes_of(lines):
    prefixes = set()
    for command in run_lines(lines):
        # Each FileCheck call up to the next pipe or command separator.
        for call in re.findall(r"FileCheck\b([^|;&]*)", command):
            given = PREFIX_OPTION.findall(call)
            if given:
                for group in given:
                    prefixes.update(p for p in group.split(",") if p)
            else:
                prefixes.add("CHECK")
    return prefixes


def lint_file(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    prefixes = prefixes_of(lines)
    # Longest first: CAUGHT-EXCLUDED before CAUGHT.
    ordered = sorted(prefixes | LIT_KEYWORDS, key=len, reverse=True)
    positive_seen = set()
    pending_not = {}  # prefix -> -NOT lines before its first positive line
    problems = []
    for number, line in enumerate(lines, 1):
        where = f"{path}:{number}"
        if EXPECTED.search(line) and "//" in line:
            problems.append(f"{where}: expected-* without {{{{...}}}}: {line.strip()}")
        for prefix in ordered:
            m = re.match(COMMENT + re.escape(prefix) + SUFFIX + r"(:|\s|$)", line)
            if not m:
                continue
            suffix, end = m.group(1), m.group(2)
            if end != ":":
                problems.append(f"{where}: directive without ':': {line.strip()}")
            elif prefix not in LIT_KEYWORDS:
                if suffix == "NOT" and prefix not in positive_seen:
                    pending_not.setdefault(prefix, []).append(
                        f"{where}: {prefix}-NOT before the first positive {prefix} "
                        f"line scans only up to that line's first match: {line.strip()}")
                elif suffix != "NOT" and prefix not in positive_seen:
                    positive_seen.add(prefix)
                    problems += pending_not.pop(prefix, [])
            break
        else:
            m = DIRECTIVE.match(line)
            if m:
                token = m.group(1)
                base = re.sub(SUFFIX + "$", "", token)
                if base not in prefixes and base not in LIT_KEYWORDS:
                    problems.append(
                        f"{where}: prefix {base} is checked by no RUN line: {line.strip()}")
    return problems


def main(root, exclude=None):
    problems = []
    for dirpath, _, files in sorted(os.walk(root)):
        if exclude and os.path.abspath(dirpath).startswith(os.path.abspath(exclude)):
            continue
        for name in sorted(files):
            if name.endswith((".mlir", ".test")):
                problems += lint_file(os.path.join(dirpath, name))
    for problem in problems:
        print(problem)
    print(f"{len(problems)} directive problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None))
