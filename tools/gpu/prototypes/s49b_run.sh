#!/usr/bin/env bash
# Forty-ninth session (s49b, prepared without a device; after s49a, and
# only worth its call if s49a's tr1 or tr2 leads ours at 127): where the
# segment-per-thread layout of prototypes/thread_rows.cu pays among the
# staged odd widths, 32768 x 63 / 127 / 191 / 255 (all staged by ours).
# Builds (thread_rows_widths.py; segments raised to what a width needs,
# then to a power of two, no register cap, 64 rows a block, f32 191 / 255
# 32): tro1 = 16-bit 1 segment a row (191 / 255: 2), f32 2 (191 / 255: 4);
# tro2 = 16-bit 2, f32 4. Registers (nvcc 13.0, no spills): tro1 16-bit 63
# 164-167, 127 / 191 / 255 233-255; f32 63 79, 127 / 255 167, 191 127;
# tro2 16-bit 63 72, 127 161, 191 / 255 233-255; f32 63 47, 127 79, 191
# 127, 255 167.
# Prediction: as s49a at 127; 63 (ours 2.8-3x the unstaged kernel already,
# 16 threads a row there) +0 to +15%; 191 / 255 (2 segments of 96 / 128,
# 255 registers: 2 blocks of 128 threads a processor, 1.9 waves) -10 to
# +10%; f32 -10 to +5%.
# Here:  BENCH_WIDTHS="63 127 191 255" BENCH_KERNELS=out/bench-odd tools/gpu/benchmark.sh emit
#        for cfg in "tro1 1 2" "tro2 2 4"; do set -- $cfg; d=out/$1; rm -rf $d
#          python3 tools/gpu/prototypes/thread_rows_widths.py out/bench-odd $d $2 $3
#          nvcc -arch=sm_90 -O3 -cubin -DKERNEL_LIST='"kernels.inc"' -I $d \
#            tools/gpu/prototypes/thread_rows.cu -o $d/thread_rows.cubin
#        done
#        rm -f out/bench-odd/*.h
# There (carry out/bench-odd out/tro1 out/tro2; about 4 minutes):
#        OUT=$OUT bash tools/gpu/prototypes/s49b_run.sh
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT" || exit 1
R=$OUT/s49b; mkdir -p "$R"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$R/card.txt"; date -u
cmake -S tools/rmsnorm-harness -B /tmp/hb -G Ninja > "$R/harness-build.txt" 2>&1 \
  && cmake --build /tmp/hb >> "$R/harness-build.txt" 2>&1 || { tail -20 "$R/harness-build.txt"; exit 1; }
for d in out/tro1 out/tro2; do
  for m in $d/rms_norm_*.sm_90.json; do
    timeout 60 /tmp/hb/bin/rmsnorm-harness "$m" --rows 1,65,32768 --strides n,misaligned \
      || echo "exit status $? for $m"
  done
done > "$R/harness-log.txt" 2>&1
echo "harness: $(grep -c '^PASS' "$R/harness-log.txt") passed, $(grep -c '^FAIL' "$R/harness-log.txt") failed, $(grep -c '^exit status' "$R/harness-log.txt") harness errors" | tee "$R/harness.txt"
for run in ${RUNS:-1}; do
  for dt in bf16 f16 f32; do
    BENCH_KERNELS=out/bench-odd timeout ${TIMEOUT:-150} bash tools/gpu/benchmark.sh run "$dt" \
      --cells 32768x63,32768x127,32768x191,32768x255 --variant tro1=out/tro1 --variant tro2=out/tro2 \
      --record "$R/tro-$dt-run$run.json" > "$R/tro-$dt-run$run.log" 2>&1
    echo "== $dt run $run (exit $?)"
    grep -E "^(dtype|bf16|f16|f32|cells) " "$R/tro-$dt-run$run.log" | cut -c1-200
  done
done
for dt in bf16 f16 f32; do
  for v in tro1 tro2; do
    echo "== $dt $v"; python3 tools/gpu/variant_ratio.py $v "$R"/tro-$dt-run*.json 2>&1 | tail -7
  done
done | tee "$R/ratios.txt"
date -u
cd "$OUT" && tar czf s49b.tgz s49b && rm -rf s49b
