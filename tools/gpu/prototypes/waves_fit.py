#!/usr/bin/env python3
"""Twelfth session: how far a naive wave model explains the s12d / s12g
variants at 1024+ rows. Each kernel's resident rows = blocks per processor
(registers and threads, as min_blocks_variant.py counts them) x 132 x rows
per block; a kernel at M rows runs W = M / resident waves, with efficiency
W / ceil(W); the model predicts the variant's speed-up as the ratio of the
efficiencies. Prints the correlation of log predicted and log measured,
how often their signs agree where the model predicts 5% or more, and those
cell-runs. Needs the kernel folders the records were made with (emit steps
in s12d_run.sh / s12g_run.sh: out/bench at d0ec929, out/bench-r1a,
out/bench-r1b, out/bench-head at 0ef1d1c, out/bench-tf).
Usage, from the repository root: python3 tools/gpu/prototypes/waves_fit.py
"""
import glob
import json
import math
import statistics

PROCESSORS = 132
# (record, folder of ours, variant label, folder of the variant)
RUNS = [("s12d", "out/bench", "r1a", "out/bench-r1a"),
        ("s12d", "out/bench", "r1b", "out/bench-r1b"),
        ("s12g", "out/bench-head", "tf", "out/bench-tf")]


def blocks(registers, threads):
    per_warp = math.ceil(registers * 32 / 256) * 256
    return min(65536 // (per_warp * (threads // 32)), 2048 // threads, 32)


def resident_rows(folder, dtype, n, m):
    """Rows resident at once for the kernel the runtime picks at M rows."""
    k = json.load(open(f"{folder}/rms_norm_{dtype}_{n}.sm_90.json"))
    for v in k.get("variants") or []:
        variant = json.load(open(f"{folder}/{v}"))
        if variant["from_rows"] <= m:
            k = variant
    threads = k["block"][0] * k["block"][1]
    return blocks(k["resources"]["registers"], threads) * PROCESSORS * k["rows_per_block"]


def efficiency(m, resident):
    waves = m / resident
    return waves / math.ceil(waves), waves


def main():
    rows = []
    for record, ours_dir, label, variant_dir in RUNS:
        for path in glob.glob(f"tools/gpu/results/2026-12-01{record}-*.json"):
            for c in json.load(open(path))["cells"]:
                m, n, dtype = c["M"], c["N"], c["dtype"]
                if m < 1024:
                    continue
                key = "graph_ms" if c["judged_on"] == "graph" else "ms"
                measured = c["impls"]["ours"][key] / c["impls"][label][key]
                e_ours, w_ours = efficiency(m, resident_rows(ours_dir, dtype, n, m))
                e_var, w_var = efficiency(m, resident_rows(variant_dir, dtype, n, m))
                rows.append((record, label, dtype, n, m, w_ours, w_var, e_var / e_ours,
                             measured))
    logs = [(math.log(r[7]), math.log(r[8])) for r in rows]
    print(f"{len(rows)} cell-runs; correlation of log predicted and log measured "
          f"{statistics.correlation(*zip(*logs)):.2f}")
    strong = [r for r in rows if abs(math.log(r[7])) > 0.05]
    agree = sum((r[7] > 1) == (r[8] > 1) for r in strong)
    print(f"signs agree in {agree} of {len(strong)} where the model predicts 5% or more")
    for r in sorted(strong, key=lambda r: r[:5]):
        print("%s %-3s %-4s %5d M=%5d waves %.2f -> %.2f predicted %.3f measured %.3f" % r)


if __name__ == "__main__":
    main()
