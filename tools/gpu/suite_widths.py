#!/usr/bin/env python3
"""Prints the row lengths N of benchmark.py's SUITE, space-separated, sorted
(read from the source, so this machine needs neither torch nor triton)."""
import ast
import os

source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "benchmark.py")
tree = ast.parse(open(source).read())
suite = next(node.value for node in tree.body if isinstance(node, ast.Assign)
             and getattr(node.targets[0], "id", "") == "SUITE")
cells = eval(compile(ast.Expression(suite), "SUITE", "eval"))
print(" ".join(str(n) for n in sorted({n for _, n in cells})))
