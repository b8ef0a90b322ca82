#!/usr/bin/env bash
# Twenty-eighth session (s28b): are the long rows' DRAM reads held back by
# the blocks' phases (load, reduce, store)? Variants of ours' kernels in
# which each block's first thread prefetches the rows of the block D ahead
# into L2 by one bulk prefetch (l2_prefetch_variant.py): `pf2` about 2 MiB
# ahead of the running blocks, `pf8` about 8 MiB.
# Prediction: if the phases hold the reads back, 16-bit 7168 / 8192 and
# 4096 x 16384 +1 to +2%, f32 32768 x 32768 +1 to +3%, 512 / 2048 within
# 1% (many resident blocks hide the phases; bf16 512 -1 to -3%: 32 -> 40
# registers); if not, within +-1% everywhere and pf8 below pf2 where the
# prefetched rows are evicted before use.
# Here: tools/gpu/benchmark.sh emit; for v in 2 8: out/pf$v = the 512, 2048,
# 7168, 8192, 16384 and 32768 kernels of out/bench (with their many-rows
# kernels), then python3 tools/gpu/prototypes/l2_prefetch_variant.py
# out/pf$v $v; rm -f out/*/*.h
# There (carry out/bench, out/pf2, out/pf8): bash tools/gpu/prototypes/s28b_run.sh
NAME=s28b PAIRS="pf2=out/pf2 pf8=out/pf8" TIMEOUT=100 \
  CELLS=32768x512,32768x2048,32768x7168,32768x8192,32768x32768,4096x16384 \
  exec bash "$(dirname "${BASH_SOURCE[0]}")/variant_run.sh"
