#!/usr/bin/env bash
# Forty-sixth session (s46a, prepared; no device was lent that session): one
# call for whichever card is lent.
# 1. Numerics of the kernels that now run every M with no twin: 0bf1307
#    (keepsFewRowsForm also where a four-vector twin would re-read x:
#    bf16 800 / 832 / 960 / 1000, f32 416 / 480 / 508; PTX byte for byte
#    the first kernels of c4b68c1) and what s45d left (f16 1792, f32 320 /
#    448 / 640 / 896 of 6248fef): fp64 harness at 1, 7, rpb + 1, 4099 and
#    past every former from_rows (70000 rows in 16 bits, 66000 in f32,
#    whose host reference is slow), strides n / aligned / misaligned, the
#    edge inputs; compute-sanitizer memcheck on two.
# 2. Timing of the rule at four vectors: ours = c4b68c1's kernels (out/tw4,
#    with the twins), `ewF` = the same with each twin's from_rows past any
#    M (s43b_run.sh: the first kernel at every M, which is 0bf1307's lone
#    kernel), two runs, at 32768 rows (below every edge: A/A) and 98304 /
#    131072 (past them: bf16 800 65536, 1000 52429; f32 416 63016, 480
#    54614, 508 51606).
#    Prediction: bf16 800 / 1000 ewF / ours +1.5 to +4.5% past the edge
#    (as 832 / 960 in s45c); f32 416 / 480 / 508 +1 to +4% (f32 320 / 640,
#    five vectors, +2.2 to +3.5%); A/A within 1.5%. If f32 is level, the
#    rule holds for bf16 only: restrict it to rows whose elements are not
#    f32 (and say why) rather than keep an unmeasured claim.
# 3. An H200 only: s44a's wf / wfc (carry out/wf0 out/wf1 out/wfC).
# Here:  BENCH_KERNELS=out/fr4 BENCH_WIDTHS="416 480 508 800 832 960 1000" tools/gpu/benchmark.sh emit
#        git worktree add /tmp/c4b c4b68c1 && BENCH_KERNELS=$PWD/out/tw4 \
#          BENCH_WIDTHS="416 480 508 800 832 960 1000" /tmp/c4b/tools/gpu/benchmark.sh emit
#        (out/fr5: s45d_run.sh's recipe); rm -f out/*/*.h
# There (carry out/fr4 out/fr5 out/tw4, on an H200 also out/wf0 out/wf1 out/wfC):
#        OUT=$OUT bash tools/gpu/prototypes/s46a_run.sh
# Each part may take 5 minutes: PARTS="numerics", then PARTS="timing h200"
# in a second call (default: all three).
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
card=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)
R=$OUT/s46a; mkdir -p "$R"; echo "$card" | tee "$R/card.txt"; date -u
PARTS=" ${PARTS:-numerics timing h200} "
if [[ $PARTS == *" numerics "* ]]; then
cmake -S tools/rmsnorm-harness -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
  && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
check() { # folder kernel rows
  local m=$1/rms_norm_$2.sm_90.json
  [[ -f ${m%.json}_many_rows.sm_90.json || ! -f $m ]] && echo "exit status 9: $2 has a twin or no manifest"
  timeout 120 /tmp/hb/bin/rmsnorm-harness "$m" --rows "$3" --strides n,aligned,misaligned || echo "exit status $? for $m"
  timeout 60 /tmp/hb/bin/rmsnorm-harness "$m" --rows 7 --inputs large,zero-rows,subnormal,non-finite,overflow || echo "exit status $? for $m"
}
{
  for k in bf16_800 bf16_832 bf16_960 bf16_1000; do check out/fr4 $k 1,7,rpb+1,4099,70000; done
  for k in f32_416 f32_480 f32_508; do check out/fr4 $k 1,7,rpb+1,4099,66000; done
  check out/fr5 f16_1792 1,7,rpb+1,4099,70000
  for k in f32_320 f32_448 f32_640 f32_896; do check out/fr5 $k 1,7,rpb+1,4099,66000; done
} > "$R/harness-log.txt" 2>&1
echo "harness: $(grep -c '^PASS' "$R/harness-log.txt") passed, $(grep -c '^FAIL' "$R/harness-log.txt") failed, $(grep -c '^exit status' "$R/harness-log.txt") harness errors" | tee "$R/harness.txt"
for k in bf16_960 f32_480; do
  compute-sanitizer --tool memcheck --error-exitcode 7 /tmp/hb/bin/rmsnorm-harness \
    out/fr4/rms_norm_$k.sm_90.json --rows 7,4099 --strides n,misaligned > "$R/memcheck-$k.txt" 2>&1
  echo "memcheck $k: exit status $?; $(grep -E 'ERROR SUMMARY' "$R/memcheck-$k.txt")"
done | tee "$R/memcheck.txt"
date -u
fi
if [[ $PARTS == *" timing "* ]]; then
# s43b_run.sh times out/ewP against out/ewF made from it.
rm -rf out/ewP && cp -r out/tw4 out/ewP
ROWS="32768 98304 131072" W16="800 1000" RUNS="1 2" DTYPES=bf16 OUT=$R/w16 \
  timeout 200 bash tools/gpu/prototypes/s43b_run.sh 2>&1 | tail -12
ROWS="32768 98304 131072" W16="416 480 508" RUNS="1 2" DTYPES=f32 OUT=$R/w32 \
  timeout 240 bash tools/gpu/prototypes/s43b_run.sh 2>&1 | tail -14
fi
if [[ $PARTS == *" h200 "* && $card == *H200* && -d out/wf1 ]]; then
  NUMERICS=0 RUNS="1 2" DTYPES="bf16 f16" ROWS_CELLS=4096x16384,2048x16384 OUT=$R \
    timeout 300 bash tools/gpu/prototypes/s44a_run.sh 2>&1 | tail -24
fi
date -u
# One archive: the device returns a limited number of files.
cd "$OUT" && tar czf "s46a-${PARTS// /_}.tgz" s46a && rm -rf s46a
