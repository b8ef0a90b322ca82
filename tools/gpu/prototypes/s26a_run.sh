#!/usr/bin/env bash
# Prepared in the twenty-fifth session for the next (s26a, not yet run): two
# changes that only remove instructions, alone and together, as variants:
# - `nsz`: the sum of squares' additions with `nsz`
#   (sum-of-squares-nsz.patch on ExpandOps.cpp; with its lit tests: branch
#   s26a-nsz). A sum of squares is never -0.0, so LLVM drops the additions
#   of constant zeros -- the squares of elements past the row, and the
#   reduction's +0.0 start -- that today's PTX keeps (`add.rn.f32 x,
#   0f00000000`: 16-bit 127 41 -> 0, 1025 / 4099 25 -> 0, f32 127 18 -> 0,
#   16-bit 4096 / 8192 18 -> 0); registers within 2 (four kernels).
# - `rg`: row-guarded loads used without selecting zeros back
#   (row-guard-values.patch on ReuseRowLoads.cpp and GlobalAccesses.cpp;
#   with its lit tests: branch s26a-row-guard): a row past the end reads
#   row 0 (as today) and its value is used as it is, never stored; such a
#   load is judged at its column for hoisting, as before (a review found
#   in-place kernels' re-reads kept below y's stores without that). 37 suite kernels change (those
#   with several rows a block and the many-rows kernels), 1-4% fewer PTX
#   lines; registers bf16 128 40 -> 32, bf16 4096 many-rows 61 -> 56, others
#   within 2.
# - `both`: the two together.
# PTX lines / registers (ours, nsz, rg, both): bf16 127 1001/39 960/39
# 993/40 952/40; f16 127 1101/44 1060/44 1085/44 1044/44; f32 127 897/47
# 879/47 873/48 855/45; bf16 1025 1279/40 1254/40 1250/40 1225/40; f16 1025
# 1255/56 1230/56 1199/55 1174/55; bf16 128 699/40 674/40 686/32 661/32.
# Prediction: the rows bound by instruction issue gain: 16-bit 127 / 1025
# nsz +0 to +1.5%, rg +0 to +2%, both +1 to +3%; bf16 128 rg +0 to +3%
# (occupancy); 4099 / long rows within the runs' spread (+-0.5%).
# Numerics: nsz identical up to the sign of a zero sum; rg identical.
# Here: tools/gpu/benchmark.sh emit at HEAD (out/bench); for each variant
# apply its patch(es) (`git apply tools/gpu/prototypes/PATCH`), ninja -C
# build, out/bench-V = rmsnorm-emit out/bench-V/bench.mlir --target=nvptx -o
# out/bench-V (bench.mlir copied from out/bench), git checkout lib;
# V = nsz, rg, both; rm -f out/bench*/*.h
# There (carry out/bench, out/bench-nsz, out/bench-rg, out/bench-both):
#   bash tools/gpu/prototypes/s26a_run.sh
NAME=s26a PAIRS="nsz=out/bench-nsz rg=out/bench-rg both=out/bench-both" TIMEOUT=100 \
  CELLS=32768x127,32768x128,32768x1025,32768x1024,32768x512,32768x4099,32768x5120,32768x8192,32768x11008,1x4096,256x8192,4096x16384 \
  exec bash "$(dirname "${BASH_SOURCE[0]}")/variant_run.sh"
