#!/usr/bin/env bash
# Twenty-ninth session (s29e): the kernels for many rows below their
# from_rows. s29d / its schedule sweep found ours 0.958 of Triton at bf16
# 8192 x 3584 (x 56 MiB, just past the L2) with every candidate schedule of
# the first kernel within 1% of ours, and 0.96-0.98 at 16-bit 2048 x 3584.
# `fr` = out/bench's 3584 and 7168 kernels with the kernels for many rows'
# manifests at from_rows 1 (the runtime then takes them at every row
# count; the kernels are byte-identical to ours).
# Prediction (TileRows.cpp: the many-rows schedules 5-36% slower at 1-4096
# rows when they were measured): fr -5 to -20% at 1024-2048 rows, -3 to +3%
# at 4096-8192 rows.
# Here: out/fr = the 3584 / 7168 files of out/bench (no .h), from_rows of
#   each *_many_rows manifest set to 1.
# There (carry out/bench, out/fr): bash tools/gpu/prototypes/s29e_run.sh
NAME=s29e PAIRS="fr=out/fr" TIMEOUT=100 RUNS="1 2" DTYPES="${DTYPES:-bf16 f16}" \
  CELLS=1024x3584,2048x3584,4096x3584,8192x3584,1024x7168,2048x7168,4096x7168 \
  exec bash "$(dirname "${BASH_SOURCE[0]}")/variant_run.sh"
