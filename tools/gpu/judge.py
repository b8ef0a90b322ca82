#!/usr/bin/env python3
"""Judges benchmark records (tools/gpu/benchmark.py's JSON) against issue 12's
"Done when", runs of one dtype pooled:

- ratio: per cell, each implementation's best median over the runs (on the
  column the cell is judged on; the best, so that one slow glitch of any
  implementation, ours or a peer, in one run moves nothing); the fastest
  counted peer by that time, divided by ours. Wanted: pooled >= 0.99 and
  every run alone >= 0.97;
- % of copy: ours against the copy, both pooled so. Wanted: >= 97% for cells
  moving 256 MiB or more (bytes = x read + y written + w read); for a width
  that is not a power of two, at least the lower of the adjacent powers of
  two in the records (same dtype and M) minus 3 points; a width with none to
  compare fails.

usage: judge.py RECORD.json [RECORD.json ...]   (any dtypes; grouped by dtype)
Exits 1 when a rule fails, 0 when all hold, 2 on unusable input (a record
given twice, a cell judged on different columns in different runs, a missing
implementation).
"""
import json
import sys

PEERS = ["eager", "F.rms_norm", "compile", "triton"]
BIG = 256 << 20


def column(cell):
    return "graph_ms" if cell["judged_on"] == "graph" else "ms"


class Unusable(Exception):
    pass


def pooled(cells, impl):
    try:
        return min(c["impls"][impl][column(c)] for c in cells)
    except KeyError:
        c = cells[0]
        raise Unusable(f"no {impl} time in a record for {c['dtype']} {c['M']}x{c['N']}")


def judge(records):
    by_cell, seen = {}, set()
    for path, rec in records:
        run = (rec.get("date"), rec.get("commit"), rec.get("dtype"))
        if rec.get("date") is not None and run in seen:
            raise Unusable(f"{path}: the same run ({run[0]}) is given twice")
        seen.add(run)
        for c in rec["cells"]:
            by_cell.setdefault((c["dtype"], c["M"], c["N"]), []).append(c)
    for (dtype, m, n), cells in by_cell.items():
        if len({c["judged_on"] for c in cells}) > 1:
            raise Unusable(f"{dtype} {m}x{n} is judged on different columns in different runs")
    rows, failures = [], []
    pct = {}
    for key, cells in by_cell.items():
        fastest = min(PEERS, key=lambda p: pooled(cells, p))
        ratio = pooled(cells, fastest) / pooled(cells, "ours")
        single = min(c["ratio"] for c in cells)
        ours_gbps = cells[0]["bytes"] / pooled(cells, "ours")
        copy_gbps = cells[0]["copy_bytes"] / pooled(cells, "copy")
        pct[key] = 100 * ours_gbps / copy_gbps
        rows.append((key, len(cells), ratio, single, fastest, pct[key], cells[0]["bytes"]))
    report = []
    for (dtype, m, n), runs, ratio, single, fastest, p, nbytes in rows:
        notes = []
        if ratio < 0.99:
            notes.append("pooled < 0.99")
        if single < 0.97:
            notes.append("a run < 0.97")
        if nbytes >= BIG and p < 97:
            notes.append("< 97% of copy")
        if n & (n - 1):
            powers = sorted(k[2] for k in pct if k[0] == dtype and k[1] == m
                            and not k[2] & (k[2] - 1))
            below = [q for q in powers if q < n]
            above = [q for q in powers if q > n]
            adjacent = [pct[(dtype, m, q)] for q in (below[-1:] + above[:1])]
            if not adjacent:
                notes.append("no power of two at this M to compare")
            elif p < min(adjacent) - 3:
                notes.append(f"< adjacent powers of two - 3 ({min(adjacent) - 3:.1f}%)")
        if runs < 2:
            notes.append(f"{runs} run")
        failures += [f"{dtype} {m}x{n}: {x}" for x in notes]
        report.append(f"{dtype:<5}{m:>6} {n:>6} runs {runs}  pooled {ratio:6.3f} "
                      f"({fastest:<10}) worst run {single:6.3f}  {p:6.1f}% copy"
                      + ("  " + "; ".join(notes) if notes else ""))
    return report, failures


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        records = [(path, json.load(open(path))) for path in sys.argv[1:]]
        report, failures = judge(records)
    except Unusable as err:
        print(f"judge.py: unusable records: {err}", file=sys.stderr)
        return 2
    except (OSError, ValueError, KeyError, TypeError, ZeroDivisionError) as err:
        print(f"judge.py: unusable record: {type(err).__name__}: {err}", file=sys.stderr)
        return 2
    print("\n".join(report))
    cells = len(report)
    print(f"cells meeting every rule: {cells - len({f.split(':')[0] for f in failures})} of {cells}; "
          f"{len(failures)} rule failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
