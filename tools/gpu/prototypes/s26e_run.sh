#!/usr/bin/env bash
# Twenty-sixth session (s26e): does code a kernel never runs cost it? s26d
# found ours' staged copy 4% faster at 16-bit 127 with the aligned and
# unaligned row copies removed from its kernel (registers unchanged in
# bf16). Here the hand-written bulk copy (bulk_staged_rows.cu) gets
# -DDEAD_CODE=K: K serially dependent load-convert-fma steps on a branch
# no launch takes, before the staged copy; registers unchanged (bf16 / f16
# / f32 40 / 32 / 31), image 88 KB (K = 0), 168 KB (60: ~13 KB a kernel,
# about ours' other two copies), 247 KB (120).
# Prediction: if code size is the mechanism, bd60 / bd0 ~0.96 at 16-bit
# 127 and bd120 lower; if not, within +-1%.
# Here: for K in 0 60 120: d=out/bd$K; nvcc -arch=sm_90 -O3 -cubin
#   -DSUBTILES=1 -DDEAD_CODE=$K tools/gpu/prototypes/bulk_staged_rows.cu -o
#   $d/bulk_staged_rows.cubin; staged_rows_manifests.py out/bench $d
#   bulk_staged_rows 1; the 128 kernels copied from out/bench.
# There (carry out/bench, out/bd0, out/bd60, out/bd120): bash tools/gpu/prototypes/s26e_run.sh
NAME=s26e CELLS=32768x127,32768x128 TIMEOUT=80 \
  VARIANTS="--variant bd0=out/bd0 --variant bd60=out/bd60 --variant bd120=out/bd120" \
  exec bash "$(dirname "${BASH_SOURCE[0]}")/s15b_run.sh"
