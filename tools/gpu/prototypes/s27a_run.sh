#!/usr/bin/env bash
# Prepared in the twenty-sixth session, ran in the twenty-seventh (s27a;
# results/2026-12-03s27-transcribed-h200.txt, slower: rejected):
# rows past the staged limit with w realigned once per thread
# (phase_warp_rows.cu: a block's warp q takes rows q, q + P, ... of one
# phase, P = 8 in 16-bit / 4 in f32 at odd N; w realigned for the lane's
# columns once and kept unpacked in registers; a row per warp, shuffles
# only) at N = 1025, against ours (92% of the copy in 16-bit, the
# adjacency rule asks ~96-97%; s19b: the ALU pipe twice as busy as at
# 1024, w's per-row realignment its largest part). Builds (V J PREFETCH):
# pw4 4 1, pw4n 4 0, pw8 8 1; registers bf16 / f16 / f32 103 / 109 / 134,
# 90 / 96 / 111, 103 / 109 / 134 (2 blocks of 256 threads a processor in
# 16-bit against ours' 6 at 40 registers). 1024 is the A/A control.
# Prediction: if the per-row realignment is what 1025 lacks, 16-bit 1025
# +3 to +6% (95-97% of the copy), f32 within +-2%; if the fewer resident
# warps cost more (bytes in flight), 0.85-0.95.
# Here: tools/gpu/benchmark.sh emit (out/bench); then
#   for cfg in "pw4 4 1" "pw4n 4 0" "pw8 8 1"; do set -- $cfg; d=out/$1; mkdir -p $d
#     nvcc -arch=sm_90 -O3 -cubin -DROWS_PER_WARP=$2 -DPREFETCH=$3 \
#       tools/gpu/prototypes/phase_warp_rows.cu -o $d/phase_warp_rows.cubin
#     (cd tools/gpu/prototypes && python3 phase_warp_manifests.py ../../../out/bench ../../../$d $2)
#     for dt in bf16 f16 f32; do cp out/bench/rms_norm_${dt}_1024.sm_90.{json,cubin} $d/; done
#   done; rm -f out/bench/*.h
# There (carry out/bench, out/pw4, out/pw4n, out/pw8; ~4-5 min):
#   bash tools/gpu/prototypes/s27a_run.sh
NAME=s27a PAIRS="pw4=out/pw4 pw4n=out/pw4n pw8=out/pw8" TIMEOUT=100 \
  CELLS=32768x1025,32768x1024 \
  exec bash "$(dirname "${BASH_SOURCE[0]}")/variant_run.sh"
