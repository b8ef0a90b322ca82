#!/usr/bin/env bash
# Forty-ninth session (s49a, prepared without a device): short odd rows
# staged by the copy engine with each thread owning one contiguous segment
# of a row (prototypes/thread_rows.cu) against ours' staged copy (8 threads
# a row, 16 interleaved elements each) at 32768 x 127, ours' 128 beside
# (A/A control). Builds, as V TPR16 TPR32 MINB16 MINB32:
#   tr1 1 2 1 1  16-bit: one thread a row (255 registers, 4 blocks of 64
#                threads a processor: 512 blocks in one wave); f32 2 segments
#   tr2 2 4 4 1  16-bit 2 segments (128 registers); f32 4 segments (79)
#   tr4 4 4 4 4  4 segments (64 registers; f32 spills 40 bytes)
# Static SASS of the fast path (cubin .text / 16 with the fallback removed,
# nvcc 13.0) per row: bf16 tr1 ~1290, tr2 ~1470, tr4 ~1890 instructions,
# against ours' 2.56 M warp instructions for 32768 rows (s26c: ~2500 a row)
# and the aligned 128's 1.55 M (~1510 a row). The index arithmetic (every
# element summed and stored once by its owner, conflict-free word reads)
# was checked on the CPU by prototypes/thread_rows_check.py.
# Prediction: the staged 127 is issue-bound in graph replay (s27b: active
# cycles in proportion to instructions; issue alone is ~2.8 of ours' ~4.9
# us a call at 4 schedulers a processor), but fewer instructions with fewer
# warps have lost before: 4 x 4 against 8 x 2 at 16-bit 111-127 (s21e)
# cut the staged path's instructions a row by 21% (static 2112 against
# 2688) and ran 3-9% slower. tr1 keeps 8 warps a processor (ours up to
# 48), tr2 16, tr4 ~31. So a wide range, best where warps stay: tr1 -15
# to +15%, tr2 -10 to +15%, tr4 -5 to +15% at 16-bit 127 (the adjacency
# rule wants +20%); f32 127 -10 to +5%; 128 A/A +-1.5%.
# Also `ct`: ours' compiler with the schedule overridden to tr1's layout
# (prototypes/s49a_ct.mlir: 16-bit 1 x 15 vectors and the tail, 64 rows a
# block; f32 2 x 16, 32 rows), which rownorm-stage-rows stages as it is:
# its staged copy alone (staged-only.patch, static) is 1416 instructions a
# row in 16-bit against the default schedule's 8 x 336 = 2688 (f32 1120
# against 2112); 167 registers (f32 143); unlike tr1 a lane's rows are
# consecutive (2-way bank conflicts on the buffer's words), a vector reads
# five words (tr1: 65 a row) and the kernel keeps its two other copies
# (5288 static instructions; code a kernel never runs cost 1-3%, s26e).
# Prediction: ct -15 to +10% at 16-bit 127 (s21e's direction taken
# further: static staged path a row t16 3968, t8 2688, t4 2112, t2 1808,
# t1 1416; t4 lost 3-9% to t8), below tr1; f32 -10 to +5%.
# And two of ours with prototypes/stage-words-phases.patch (rownorm-stage-
# rows: a warp takes staged 16-bit rows of one alignment phase, and a
# vector's first word is (row start >> 1) + column / 2 so that a thread's
# consecutive vectors share their boundary word): `ctx` = ct so built (word
# reads 82 -> 68 a thread in 16-bit, f32 unchanged), `dx` = ours' default
# schedules so built (16-bit 127 8 x 2: the interleave only; registers bf16
# 39 -> 40, f16 44 -> 40). Prediction: ctx +2 to +8% over ct (tr1's
# layout); dx -3 to +3% over ours.
# And `c64`: ours' default schedules with 64 rows a block (f32 32;
# prototypes/s49a_c64.mlir): the 16 KB staged run of the tr variants with
# ours' layout and instructions (bf16 40 registers, 512 threads: 3 blocks,
# 48 warps a processor), to tell the run's size from the layout.
# Prediction: -8 to +2% (a block waits for four times the run).
# If ct gains, the compiler form is a cost-model change (rows that
# rownorm-stage-rows stages take few threads a row and many vectors) with
# the rows interleaved by phase if tr1 leads ct; if only tr1 gains, a
# segment-per-thread layout in rownorm-stage-rows.
# Here:  BENCH_KERNELS=out/bench tools/gpu/benchmark.sh emit   (or any
#        emit that holds ours' 127 and 128 kernels)
#        for cfg in "tr1 1 2 1 1" "tr2 2 4 4 1" "tr4 4 4 4 4"; do set -- $cfg
#          d=out/$1; mkdir -p $d
#          nvcc -arch=sm_90 -O3 -cubin -DTPR16=$2 -DTPR32=$3 -DMINB16=$4 -DMINB32=$5 \
#            tools/gpu/prototypes/thread_rows.cu -o $d/thread_rows.cubin
#          (cd tools/gpu/prototypes && python3 thread_rows_manifests.py ../../../out/bench ../../../$d $2 $3)
#        done
#        build/bin/rmsnorm-emit tools/gpu/prototypes/s49a_ct.mlir --target=nvptx -o out/ct
#        rm -f out/ct/*.h; for dt in bf16 f16 f32; do for f in out/bench/rms_norm_${dt}_128*.sm_90.*; do
#          [[ $f == *.h ]] || cp $f out/ct/; done; done
#        git apply tools/gpu/prototypes/stage-words-phases.patch && ninja -C build
#        build/bin/rmsnorm-emit tools/gpu/prototypes/s49a_ct.mlir --target=nvptx -o out/ctx
#        grep -A3 '@rms_norm_[a-z0-9]*_127(' out/bench/bench.mlir | grep -v '^--' > /tmp/d127.mlir
#        build/bin/rmsnorm-emit /tmp/d127.mlir --target=nvptx -o out/dx
#        git apply -R tools/gpu/prototypes/stage-words-phases.patch && ninja -C build
#        build/bin/rmsnorm-emit tools/gpu/prototypes/s49a_c64.mlir --target=nvptx -o out/c64
#        for d in ctx dx c64; do rm -f out/$d/*.h; (same 128 copies as for ct); done
#        rm -f out/bench/*.h
# There (carry out/bench out/tr1 out/tr2 out/tr4 out/ct out/ctx out/dx out/c64;
# about 7 minutes each):
#        OUT=$OUT bash tools/gpu/prototypes/s49a_run.sh               (checks, run 1)
#        CHECKS=0 RUNS=2 OUT=$OUT bash tools/gpu/prototypes/s49a_run.sh  (run 2)
# (the second call's archive is s49a-run2.tgz; ratios pool what the call has)
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
R=$OUT/s49a; mkdir -p "$R"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$R/card.txt"; date -u
if [[ ${CHECKS:-1} == 1 ]]; then
  cmake -S tools/rmsnorm-harness -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
    && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
  # Numerics: full blocks (the fast path), partial last blocks and other
  # strides (perRowLoop), strides that break alignment.
  for d in out/tr1 out/tr2 out/tr4 out/ct out/ctx out/dx out/c64; do
    for dt in bf16 f16 f32; do
      timeout 60 /tmp/hb/bin/rmsnorm-harness $d/rms_norm_${dt}_127.sm_90.json \
        --rows 1,7,64,65,128,32768 --strides n,aligned,misaligned || echo "exit status $? for $d $dt"
    done
  done > "$R/harness-log.txt" 2>&1
  echo "harness: $(grep -c '^PASS' "$R/harness-log.txt") passed, $(grep -c '^FAIL' "$R/harness-log.txt") failed, $(grep -c '^exit status' "$R/harness-log.txt") harness errors" | tee "$R/harness.txt"
  # Sanitizers: y written in place between the copies (racecheck), the
  # last segment's masked reads and w's partial vector (memcheck).
  for tool in memcheck racecheck; do
    for m in out/tr1/rms_norm_bf16_127 out/tr1/rms_norm_f32_127 out/tr4/rms_norm_f16_127 out/ctx/rms_norm_f16_127 out/dx/rms_norm_bf16_127; do
      timeout 120 compute-sanitizer --tool $tool --error-exitcode 7 /tmp/hb/bin/rmsnorm-harness \
        $m.sm_90.json --rows 128,65 --strides n || echo "exit status $? for $tool $m"
    done
  done > "$R/sanitizers.txt" 2>&1
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY|^exit status" "$R/sanitizers.txt" | tee -a "$R/harness.txt"
  date -u
fi
for run in ${RUNS:-1}; do
  for dt in bf16 f16 f32; do
    BENCH_KERNELS=out/bench timeout ${TIMEOUT:-120} bash tools/gpu/benchmark.sh run "$dt" \
      --cells 32768x127,32768x128 --variant tr1=out/tr1 --variant tr2=out/tr2 --variant tr4=out/tr4 --variant ct=out/ct \
      --variant ctx=out/ctx --variant dx=out/dx --variant c64=out/c64 \
      --record "$R/tr-$dt-run$run.json" > "$R/tr-$dt-run$run.log" 2>&1
    echo "== $dt run $run (exit $?)"
    grep -E "^(dtype|bf16|f16|f32|cells) " "$R/tr-$dt-run$run.log" | cut -c1-200
  done
done
for dt in bf16 f16 f32; do
  for v in tr1 tr2 tr4 ct ctx dx c64; do
    echo "== $dt $v"; python3 tools/gpu/variant_ratio.py $v "$R"/tr-$dt-run*.json 2>&1 | tail -6
  done
done | tee "$R/ratios.txt"
date -u
cd "$OUT" && tar czf "s49a-run${RUNS:-1}.tgz" s49a && rm -rf s49a
