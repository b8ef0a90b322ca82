"""Stands in for tools/gpu/benchmark.py in judged.test (no GPU): writes a
canned record for the run folder its --record lies in (run1: judge-pass1
or judge-run1, run2: judge-pass2 or judge-run2) with the requested dtype,
and prints its summary line. JUDGED_FAKE picks the behaviour: pass (rules
hold), rules (rules fail), none (no record written), fail (exit status 3),
sleep (outlasts BENCH_TIMEOUT)."""
import argparse
import json
import os
import sys
import time

p = argparse.ArgumentParser()
p.add_argument("--dtype")
p.add_argument("--record")
args, _ = p.parse_known_args()
mode = os.environ.get("JUDGED_FAKE", "pass")
if mode == "fail":
    sys.exit(3)
if mode == "sleep":
    time.sleep(30)
run = os.path.basename(os.path.dirname(args.record))[-1]
name = {"pass": "judge-pass", "rules": "judge-run"}.get(mode)
if name:
    inputs = os.environ["JUDGED_INPUTS"]
    with open(os.path.join(inputs, f"{name}{run}.json")) as f:
        record = json.load(f)
    record["dtype"] = args.dtype
    for cell in record["cells"]:
        cell["dtype"] = args.dtype
    with open(args.record, "w") as f:
        json.dump(record, f)
print(f"fake run {run} of {args.dtype}: cells >= 0.99x: stub")
