"""Prints the assembly held in the gpu.binary ops of MLIR text (stdin), one
real line per line: the "\\0A"-style escapes of the attribute decoded."""
import re
import sys

text = sys.stdin.read()
for match in re.finditer(r'assembly = "((?:[^"\\]|\\.)*)"', text):
    raw = re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), match.group(1))
    sys.stdout.write(raw.replace('\\"', '"').replace("\\\\", "\\"))
