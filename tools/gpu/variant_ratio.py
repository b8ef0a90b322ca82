#!/usr/bin/env python3
"""Compares benchmark variants (`benchmark.sh run ... --variant LABEL=DIR`)
with ours, cell by cell and run by run, on the column each cell is judged on
(judge.py's rule): ours' time / the variant's (above 1: the variant is
faster) and, in brackets, the fastest counted peer's time / the variant's.
Ends with each variant's geometric mean, smallest and largest ratio over
every cell-run.

usage: variant_ratio.py LABEL[,LABEL...] RECORD.json [RECORD.json ...]
       (records of one dtype and cell list, e.g. the runs of one experiment)
"""
import json
import math
import sys

from judge import PEERS, column


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    labels = sys.argv[1].split(",")
    records = []
    for path in sys.argv[2:]:
        with open(path) as f:
            records.append(json.load(f))
    logs = {label: [] for label in labels}
    for index, cell in enumerate(records[0]["cells"]):
        line = f"{cell['dtype']:5} {cell['M']:6} x {cell['N']:<6}"
        for record in records:
            c = record["cells"][index]
            if (c["M"], c["N"]) != (cell["M"], cell["N"]):
                sys.exit("the records do not hold the same cells in the same order")
            time = lambda impl: c["impls"][impl][column(c)]
            peer = min(time(p) for p in PEERS)
            line += f" | ours/peer {peer / time('ours'):.3f}"
            for label in labels:
                ratio = time("ours") / time(label)
                logs[label].append(math.log(ratio))
                line += f" {label} {ratio:.3f} ({peer / time(label):.3f})"
        print(line)
    for label, values in logs.items():
        print(f"{label}: geomean {math.exp(sum(values) / len(values)):.4f} over "
              f"{len(values)} cell-runs, min {math.exp(min(values)):.3f}, "
              f"max {math.exp(max(values)):.3f}")


if __name__ == "__main__":
    main()
