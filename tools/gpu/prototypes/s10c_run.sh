#!/usr/bin/env bash
# A/A test of the benchmark's method (tenth session): the same kernels three
# times (ours, a, b) in one run, with the committed method ("old": the order
# rotates each repeat, one output buffer per implementation;
# out/aa/benchmark_old.py, benchmark.py as of cb41b07) and with the candidate
# ("new": a shuffled order each repeat, one output buffer shared by the copy,
# Triton, ours and the variants; prototypes/benchmark-shuffle-shared.patch,
# applied to the tree for the call and not adopted). Here, before the call:
#   git apply tools/gpu/prototypes/benchmark-shuffle-shared.patch
#   mkdir -p out/aa && git show cb41b07:tools/gpu/benchmark.py > out/aa/benchmark_old.py
#   BENCH_KERNELS=out/aa/bench tools/gpu/benchmark.sh emit   (or a copy of out/s10/bench)
# There: bash tools/gpu/prototypes/s10c_run.sh (carry out/aa); the records
# in $OUT/aa.tgz, a table of the spread between identical kernels last.
# Afterwards, here: git checkout tools/gpu/benchmark.py
set -u
R=$OUT/aa; mkdir -p $R
cp tools/gpu/benchmark.py /tmp/benchmark_new.py
for method in old new; do
  if [ $method = old ]; then cp out/aa/benchmark_old.py tools/gpu/benchmark.py; else cp /tmp/benchmark_new.py tools/gpu/benchmark.py; fi
  for d in bf16 f16 f32; do
    cells=32768x128,32768x512,4096x1024,32768x4096,32768x8192
    [ $d = f32 ] && cells=32768x128,4096x1024,32768x512
    mkdir -p $R/$method
    OUT=$R/$method BENCH_KERNELS=out/aa/bench timeout 150 tools/gpu/benchmark.sh run $d --cells $cells \
      --variant a=out/aa/bench --variant b=out/aa/bench > /dev/null 2>&1 || echo "exit status $? for $method $d"
  done
done
cp /tmp/benchmark_new.py tools/gpu/benchmark.py
python3 - $R <<'PY'
import json, glob, sys
for method in ("old", "new"):
    for f in sorted(glob.glob(f"{sys.argv[1]}/{method}/*.json")):
        for c in json.load(open(f))["cells"]:
            k = "graph_ms" if c["judged_on"] == "graph" else "ms"
            t = {n: c["impls"][n][k] for n in ("ours", "a", "b")}
            spread = max(t.values()) / min(t.values()) - 1
            print(f"{method} {c['dtype']:5} {c['M']:6} {c['N']:6} {c['judged_on']:6} "
                  f"ours/a {t['ours']/t['a']:.3f} ours/b {t['ours']/t['b']:.3f} spread {100*spread:.1f}%")
PY
cd $OUT && tar czf aa.tgz aa && rm -rf aa
