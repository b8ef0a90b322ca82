// The kernels of rownorm-tile-rows' late-weight pairs (rows within a
// subgroup) assemble with ptxas for sm_90 with no spills and no stack
// frame: the first kernel holds w's vectors beside x's (rownorm-hoist-row-
// loads' w-only path, whose budget counts w's vectors alone: 16-bit 896
// at 16 threads x 7 vectors holds six of them beside x's, 82-84 registers
// by the ptxas at hand), so a wider hold must not
// spill unnoticed (16-bit 896 and 1280, f32 640 and 896, at five vectors
// a thread or more, keep that form for every M, with no twin). Ten
// functions, three with a twin (16-bit 768, f16 1000; none for bf16 1536,
// whose rows span 64 threads): 13 kernels, each field pinned to 0 in every manifest.
// REQUIRES: ptxas
// RUN: rm -rf %t && rmsnorm-emit %s --target=nvptx -o %t > %t.lines
// RUN: cat %t/*.json > %t.manifests
// RUN: FileCheck %s --input-file=%t.manifests --check-prefix=STORE --implicit-check-not=spill_store_bytes
// RUN: FileCheck %s --input-file=%t.manifests --check-prefix=LOAD --implicit-check-not=spill_load_bytes
// RUN: FileCheck %s --input-file=%t.manifests --check-prefix=STACK --implicit-check-not=stack_frame_bytes
// RUN: FileCheck %s --check-prefix=LINES < %t.lines
// RUN: grep -c '_many_rows.sm_90.cubin: registers' %t.lines | FileCheck %s --check-prefix=TWINS
// A planted 64-byte spill is caught.
// RUN: sed -e '0,/"spill_store_bytes": 0/s//"spill_store_bytes": 64/' %t.manifests > %t.spill
// RUN: not FileCheck %s --input-file=%t.spill --check-prefix=STORE --implicit-check-not=spill_store_bytes 2>&1 | FileCheck %s --check-prefix=CAUGHT

// STORE-COUNT-13: "spill_store_bytes": 0,
// LOAD-COUNT-13: "spill_load_bytes": 0,
// STACK-COUNT-13: "stack_frame_bytes": 0
// LINES-COUNT-13: .sm_90.cubin: registers {{[0-9]+}}, vector width
// TWINS: {{^}}3{{$}}
// CAUGHT: error: {{.*}}{{excluded string found|expected string not found}} in input

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @bf16_768(%x: memref<?x768xbf16>, %w: memref<768xbf16>, %y: memref<?x768xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x768xbf16>) weight(%w : memref<768xbf16>) outs(%y : memref<?x768xbf16>) epsilon(%eps)
  return
}
func.func @f16_768(%x: memref<?x768xf16>, %w: memref<768xf16>, %y: memref<?x768xf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x768xf16>) weight(%w : memref<768xf16>) outs(%y : memref<?x768xf16>) epsilon(%eps)
  return
}
func.func @bf16_896(%x: memref<?x896xbf16>, %w: memref<896xbf16>, %y: memref<?x896xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x896xbf16>) weight(%w : memref<896xbf16>) outs(%y : memref<?x896xbf16>) epsilon(%eps)
  return
}
func.func @f16_896(%x: memref<?x896xf16>, %w: memref<896xf16>, %y: memref<?x896xf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x896xf16>) weight(%w : memref<896xf16>) outs(%y : memref<?x896xf16>) epsilon(%eps)
  return
}
func.func @bf16_1280(%x: memref<?x1280xbf16>, %w: memref<1280xbf16>, %y: memref<?x1280xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x1280xbf16>) weight(%w : memref<1280xbf16>) outs(%y : memref<?x1280xbf16>) epsilon(%eps)
  return
}
func.func @f16_1280(%x: memref<?x1280xf16>, %w: memref<1280xf16>, %y: memref<?x1280xf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x1280xf16>) weight(%w : memref<1280xf16>) outs(%y : memref<?x1280xf16>) epsilon(%eps)
  return
}
func.func @bf16_1536(%x: memref<?x1536xbf16>, %w: memref<1536xbf16>, %y: memref<?x1536xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x1536xbf16>) weight(%w : memref<1536xbf16>) outs(%y : memref<?x1536xbf16>) epsilon(%eps)
  return
}
func.func @f16_1000(%x: memref<?x1000xf16>, %w: memref<1000xf16>, %y: memref<?x1000xf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x1000xf16>) weight(%w : memref<1000xf16>) outs(%y : memref<?x1000xf16>) epsilon(%eps)
  return
}
func.func @f32_896(%x: memref<?x896xf32>, %w: memref<896xf32>, %y: memref<?x896xf32>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x896xf32>) weight(%w : memref<896xf32>) outs(%y : memref<?x896xf32>) epsilon(%eps)
  return
}
func.func @f32_640(%x: memref<?x640xf32>, %w: memref<640xf32>, %y: memref<?x640xf32>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x640xf32>) weight(%w : memref<640xf32>) outs(%y : memref<?x640xf32>) epsilon(%eps)
  return
}
}
