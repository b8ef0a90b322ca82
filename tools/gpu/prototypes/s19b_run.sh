#!/usr/bin/env bash
# Prepared in the eighteenth session for the next (~1-2 min): where the
# unaligned copy's time goes at N = 1025 against the aligned one at 1024
# (s18d: the schedule is not the cause; bf16 1025 runs at 91.6% of the copy,
# 1024 at 100.4%). The last profiles of that copy are the ninth session's
# (s8d / s8f, before the 8-byte weight units and rownorm-hoist-row-loads).
# Prediction: 1025 runs ~1.4x 1024's warp instructions (w's three 8-byte
# loads, five selects and four funnel shifts a vector, x read twice) and
# ~1.6x its LSU pipe share, with DRAM throughput ~8% lower and more
# "long scoreboard" stalls; f32 1025 (97% of the copy) in between.
# Here, before the call: the emit lines of s18d_run.sh's header for
# out/s18d-ours (BENCH_WIDTHS="1024 1025"), then rm -f out/s18d-ours/*.h
# There (carry out/s18d-ours): bash tools/gpu/prototypes/s19b_run.sh
# Writes $OUT/profile.txt and $OUT/sass-*.txt and prints nsight_summary.py's
# table (copy it to tools/gpu/results/ as 20XX-XX-XXs19b-nsight-1025-h200.txt).
set -euo pipefail
exec "$(dirname "$0")/../nsight.sh" \
  bf16:32768x1024,bf16:32768x1025,f16:32768x1024,f16:32768x1025,f32:32768x1024,f32:32768x1025 \
  out/s18d-ours
