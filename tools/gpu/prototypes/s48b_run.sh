#!/usr/bin/env bash
# Forty-eighth session (s48b): 32-bit index arithmetic in the kernels.
# `i32` = the suite's kernels emitted with EXP_INDEX32=1
# (prototypes/index32.patch: ConvertGpuOpsToNVVM with indexBitwidth 32; a
# pointer taken as an index widened back to 64 bits; rownorm-cache-hints'
# addresses in i64), valid while every row index, stride and element offset
# is below 2^31 (every suite cell: at most 2^30 elements); the ABI is
# unchanged (the i64 parameters are read as their low 32 bits). ours =
# out/bench (HEAD, 33d53f8). PTX: 64-bit integer instructions 2-3x fewer
# (bf16 1024 153 -> 44, 1025 243 -> 107, 127 230 -> 93); registers change
# in 63 of 87 kernels, down (16-bit 128 / 512 40 -> 32, f32 512 38 -> 32,
# f32 1025 52 -> 46) and up (bf16 11008 48 -> 61, f32 4099 40 -> 52).
# `nar` = the same kernels with upstream's arith-int-range-narrowing
# (int-bitwidths-supported=32) before the NVVM conversion (EXP_NARROW=1,
# same patch): only arithmetic the ranges prove to fit (thread-based column
# indices, masks) goes to 32 bits, so it is valid at any size and needs no
# contract change; it removes a third to a half of what i32 removes (PTX
# 64-bit instructions bf16 1024 153 -> 110, 1025 243 -> 211, 127 230 -> 162);
# registers change in 70 of 87 kernels (16-bit 128 40 -> 32, f32 512 38 ->
# 32, f32 4096 32 -> 40, f32 16384 54 -> 63).
# Static SASS here (cubin .text bytes / 16): i32 -5 to -13% (bf16 127
# -10.6%, bf16 1025 -11.5%, bf16 512 many rows -9.9%), nar -0 to -4%.
# Prediction: where a kernel is bound by its instructions (16-bit 127 in
# the graph column, 16-bit 1025: the ALU pipe twice 1024's, s19b) +1 to
# +4% for i32 (zv's -9% gained +1.6% at 1025); 16-bit 512 +1 to +2%; the
# other memory-bound cells (7168, 8192, 16384, f32 32768) +-1% except where
# registers cross an occupancy step; nar within +-1%. The SASS counts
# (cuobjdump) show what ptxas makes of each.
# Here:  BENCH_KERNELS=out/bench tools/gpu/benchmark.sh emit
#        git apply tools/gpu/prototypes/index32.patch && ninja -C build
#        EXP_INDEX32=1 BENCH_KERNELS=out/i32 tools/gpu/benchmark.sh emit
#        EXP_NARROW=1 BENCH_KERNELS=out/nar tools/gpu/benchmark.sh emit
#        git apply -R tools/gpu/prototypes/index32.patch && ninja -C build
#        rm -f out/bench/*.h out/i32/*.h out/nar/*.h
# There (carry out/bench out/i32 out/nar), two calls of about 5 minutes:
#        DTYPES=bf16 OUT=$OUT bash tools/gpu/prototypes/s48b_run.sh
#        CHECKS=0 DTYPES="f16 f32" OUT=$OUT bash tools/gpu/prototypes/s48b_run.sh
# (a benchmark run of these 6-7 cells with two variants: about 2-3 minutes)
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
card=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)
R=$OUT/s48b; mkdir -p "$R"; echo "$card" | tee "$R/card.txt"; date -u
if [[ ${CHECKS:-1} == 1 ]]; then
# 1. SASS: instructions per kernel, and the 64-bit integer ones.
for k in bf16_127 f16_127 f32_127 bf16_1025 f16_1025 bf16_512_many_rows bf16_128_many_rows bf16_8192_many_rows f32_32768; do
  for v in bench i32 nar; do
    s=$(cuobjdump -sass out/$v/rms_norm_$k.sm_90.cubin 2>/dev/null | grep -E '^\s+/\*[0-9a-f]{4}\*/' )
    echo "$k $v instructions $(echo "$s" | wc -l) IADD3.X $(echo "$s" | grep -c 'IADD3.X') LEA.HI $(echo "$s" | grep -c 'LEA.HI') IMAD.WIDE $(echo "$s" | grep -c 'IMAD.WIDE')"
  done
done | tee "$R/sass.txt"
# 2. Numerics of both variants at 127, 512, 1025 and 8192 (the benchmark checks
#    every timed cell against fp64 as well).
cmake -S tools/rmsnorm-harness -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
  && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
for t in bf16 f16 f32; do
  for n in 127 512 1025 8192; do
    for m in out/{i32,nar}/rms_norm_${t}_${n}{,_many_rows}.sm_90.json; do
      [[ -f $m ]] || continue
      timeout 60 /tmp/hb/bin/rmsnorm-harness "$m" --rows 1,7,rpb+1,4099 --strides n,aligned,misaligned || echo "exit status $? for $m"
    done
  done
done > "$R/harness-log.txt" 2>&1
echo "harness: $(grep -c '^PASS' "$R/harness-log.txt") passed, $(grep -c '^FAIL' "$R/harness-log.txt") failed, $(grep -c '^exit status' "$R/harness-log.txt") harness errors" | tee "$R/harness.txt"
date -u
fi
# 3. Timing, one run per dtype (RUNS="1 2" for two).
for run in ${RUNS:-1}; do
  for dt in ${DTYPES:-bf16 f16 f32}; do
    cells=32768x127,32768x1025,32768x128,32768x512,32768x7168,32768x8192,4096x16384
    [[ $dt == f32 ]] && cells=32768x127,32768x1025,32768x128,32768x512,32768x8192,32768x32768
    BENCH_KERNELS=out/bench timeout ${TIMEOUT:-240} bash tools/gpu/benchmark.sh run "$dt" \
      --cells $cells --variant i32=out/i32 --variant nar=out/nar --record "$R/i32-$dt-run$run.json" > "$R/i32-$dt-run$run.log" 2>&1
    echo "== $dt run $run (exit $?)"
    grep -E "^(dtype|bf16|f16|f32|cells) " "$R/i32-$dt-run$run.log" | cut -c1-200
  done
done
for dt in ${DTYPES:-bf16 f16 f32}; do
  for v in i32 nar; do
    echo "== $dt $v"; python3 tools/gpu/variant_ratio.py $v "$R"/i32-$dt-run*.json 2>&1 | tail -12
  done
done | tee "$R/ratios.txt"
date -u
cd "$OUT" && d=${DTYPES:-all}; tar czf "s48b-${d// /_}.tgz" s48b && rm -rf s48b
