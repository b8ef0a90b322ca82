// Rows longer than the published maximum (1024 threads x 16 vectors of the
// widest access: 65536 f32, 131072 f16/bf16 elements) are refused by name.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows --verify-diagnostics

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @f32_too_long(%x: memref<?x65540xf32>, %w: memref<65540xf32>, %y: memref<?x65540xf32>) {
    // expected-error @+1 {{row length 65540 of 'f32' exceeds the maximum of 65536 on sm_90 (1024 threads x 16 vectors of 4 elements per row)}}
    rownorm.rms_norm ins(%x : memref<?x65540xf32>) weight(%w : memref<65540xf32>) outs(%y : memref<?x65540xf32>) {epsilon = 1.0e-05 : f32}
    return
  }
}

// -----

module attributes {rownorm.target = #rocdl.target<chip = "gfx942">} {
  func.func @bf16_too_long(%x: memref<?x131073xbf16>, %w: memref<131073xbf16>, %y: memref<?x131073xbf16>) {
    // expected-error @+1 {{row length 131073 of 'bf16' exceeds the maximum of 131072 on gfx942 (1024 threads x 16 vectors of 8 elements per row)}}
    rownorm.rms_norm ins(%x : memref<?x131073xbf16>) weight(%w : memref<131073xbf16>) outs(%y : memref<?x131073xbf16>) {epsilon = 1.0e-05 : f32}
    return
  }
}

// -----

// The maximum itself is accepted.
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @f32_longest(%x: memref<?x65536xf32>, %w: memref<65536xf32>, %y: memref<?x65536xf32>) {
    // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 1024, vector_width = 4, vectors_per_thread = 16>}}
    rownorm.rms_norm ins(%x : memref<?x65536xf32>) weight(%w : memref<65536xf32>) outs(%y : memref<?x65536xf32>) {epsilon = 1.0e-05 : f32}
    return
  }
}
