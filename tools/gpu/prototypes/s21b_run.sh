#!/usr/bin/env bash
# Prepared in the twentieth session for the next (s21b): phase_rows.cu (a
# block's rows share one alignment phase, w realigned once per block into
# shared memory, read back as aligned vectors) against the default at
# 32768 x {1024 (A/A: ours' files), 1025, 1537, 2049}, two runs per dtype.
# Variants: phase (no register bound: bf16 / f16 1025 70 / 64-86 registers,
# f32 up to 150), phase4 (-DPROTOTYPE_MIN_BLOCKS=4: at most 64 registers;
# bf16 1537 / 2049 spill 8-10 bytes).
# Predictions (variant / ours): 16-bit 1025 +3 to +8% (w's realignment per
# row gone; fewer blocks a processor than ours' 12 of 128 threads), 1537 /
# 2049 0 to +5%; f32 -5 to -20% (8-16 vectors a thread, 118-150 registers
# unbounded); 1024 A/A within 1%. A gain at 16-bit 1025 says the compiler
# form (rows of a block at one phase: a row mapping by groups of P x R rows,
# and w staged once per block) is worth building; a loss that phase4 does
# not recover says the registers are the cost.
# Here, before the call (at the commit that added this script):
#   W="1024 1025 1537 2049"
#   BENCH_WIDTHS="$W" BENCH_KERNELS=out/s21b-ours tools/gpu/benchmark.sh emit
#   rm -f out/s21b-ours/*.h
#   for v in phase phase4; do mb=1; [ $v = phase4 ] && mb=4
#     (cd tools/gpu/prototypes && python3 bulk_widths.py ../../../out/s21b-ours ../../../out/s21b-$v phaseRows phase_rows)
#     /usr/local/cuda/bin/nvcc -arch=sm_90 -O3 -cubin -DPROTOTYPE_MIN_BLOCKS=$mb \
#       -DKERNEL_LIST='"kernels.inc"' -I out/s21b-$v tools/gpu/prototypes/phase_rows.cu \
#       -o out/s21b-$v/phase_rows.cubin
#   done
# (bulk_widths.py writes the manifests with write_manifest, whose
# static_shared_bytes and resources are bulk_staged_rows'; benchmark.py
# reads neither. phase_rows: 2064-8208 bytes of shared memory.)
# There (carry out/s21b-ours, out/s21b-phase, out/s21b-phase4): bash tools/gpu/prototypes/s21b_run.sh
NAME=${NAME:-s21b} OURS=out/s21b-ours RUNS=${RUNS:-1 2} \
  CELLS=32768x1024,32768x1025,32768x1537,32768x2049 TIMEOUT=${TIMEOUT:-150} \
  VARIANTS="--variant phase=out/s21b-phase --variant phase4=out/s21b-phase4" \
  exec bash "$(dirname "$0")/s15b_run.sh"
