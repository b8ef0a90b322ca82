#!/usr/bin/env bash
# Twenty-eighth session (s28c): s28b's L2 prefetch at a distance that is a
# fraction of the blocks resident at once (l2_prefetch_variant.py rF):
# `pfe` D = 1/8 of them, `pfq` 1/4, `pfh` 1/2. In s28b the 2 MiB distance
# gained where it came to ~1/4 (f16 512 +3 to +4%, 16-bit 8192's kernel
# for many rows +0.6 to +1.2%) and lost 1-2% at 1/8-1/7 (7168's and 16-bit
# 32768's) and at ~1/3 at 16-bit 2048; 8 MiB (~1/2 to 1) lost up to 15%.
# Prediction: if the distance in resident blocks is the rule, `pfq` gains
# or holds in every cell (512 f16 +3%, 8192 +1%, 7168 / 32768 >= 0), `pfe`
# loses 1-2% as s28b's short distances, `pfh` loses several % where the
# x loads are hinted evict_last (kernels for many rows); if not, `pfq`
# mixed as s28b.
# Here: tools/gpu/benchmark.sh emit; for F in 0.125 0.25 0.5: the 512, 2048,
# 7168, 8192 and 32768 kernels of out/bench (with their many-rows kernels)
# copied to a folder, then (cd tools/gpu/prototypes && python3
# l2_prefetch_variant.py FOLDER rF); folders renamed out/pfe, out/pfq,
# out/pfh; rm -f out/*/*.h
# There (carry out/bench, out/pfe, out/pfq, out/pfh): bash tools/gpu/prototypes/s28c_run.sh
NAME=s28c PAIRS="pfe=out/pfe pfq=out/pfq pfh=out/pfh" TIMEOUT=100 \
  CELLS=32768x512,32768x2048,32768x7168,32768x8192,32768x32768 \
  exec bash "$(dirname "${BASH_SOURCE[0]}")/variant_run.sh"
