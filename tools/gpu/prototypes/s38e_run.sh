#!/usr/bin/env bash
# Thirty-eighth session (s38e): a row split over a cluster of blocks
# (prototypes/cluster_rows.cu, its header gives the question and the
# prediction) against the same hand-written code one row a block and a
# device-to-device copy, at 16384 x 4096 / 8192 / 32768 rows and 8192 x 4096 /
# 32768 rows, bf16 then f16. Nothing to emit here.
# There: OUT=$OUT bash tools/gpu/prototypes/s38e_run.sh
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for dt in bf16 f16; do
  flag=0; [[ $dt == f16 ]] && flag=1
  "${NVCC:-/usr/local/cuda/bin/nvcc}" -arch=sm_90 -O3 -std=c++17 -DDTYPE_F16=$flag \
    "$ROOT/tools/gpu/prototypes/cluster_rows.cu" -o "/tmp/cluster_rows_$dt" || exit 1
  "/tmp/cluster_rows_$dt" "${REPS:-30}" 2>&1 | tee "$OUT/s38e-cluster-rows-$dt.txt" \
    || echo "cluster_rows $dt: exit status ${PIPESTATUS[0]}"
done
