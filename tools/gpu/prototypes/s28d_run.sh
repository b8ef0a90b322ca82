#!/usr/bin/env bash
# Twenty-eighth session (s28d): where s28b / s28c's L2 prefetch gains at
# 32768 x 512 (+1 to +4% at every distance) comes from. Variants
# (l2_prefetch_variant.py): `pfb0` each block prefetches its own rows
# (D = 0) just before its threads load them; `pfb1` the next block's
# (D = 1); `pfoff` the same code with a prefetch that never issues (the
# control for what the code alone does: bf16 512 32 -> 40 registers, f32
# 512 38 -> 32, 16-bit 8192's kernels for many rows 54 -> 60).
# Prediction: if the gain is the request's shape (one bulk request for the
# block's span ahead of its threads' 16-byte loads), `pfb0` and `pfb1` gain
# at 512 as s28c did (f16 +2 to +4%) and hold within 0.5% at 2048 / 8192 /
# 32768; if it is the lead time, `pfb0` ~0 and `pfb1` between. `pfoff`
# within 1% of ours except at bf16 / f32 512 (registers), which s28b / s28c's
# 512 figures for those dtypes then have to be read against.
# Here: tools/gpu/benchmark.sh emit; for V in b0 b1 off: out/pf$V = the 512,
# 2048, 8192 and 32768 kernels of out/bench (with their many-rows kernels),
# then python3 tools/gpu/prototypes/l2_prefetch_variant.py out/pf$V $V;
# rm -f out/*/*.h
# There (carry out/bench, out/pfb0, out/pfb1, out/pfoff): bash tools/gpu/prototypes/s28d_run.sh
NAME=s28d PAIRS="pfb0=out/pfb0 pfb1=out/pfb1 pfoff=out/pfoff" TIMEOUT=100 \
  CELLS=32768x512,32768x2048,32768x8192,32768x32768 \
  exec bash "$(dirname "${BASH_SOURCE[0]}")/variant_run.sh"
