// Errors only the generic form can produce.
// RUN: rmsnorm-opt %s --split-input-file --verify-diagnostics

func.func @missing_operand(%x: memref<?x8xf32>, %w: memref<8xf32>) {
  // expected-error @+1 {{'rownorm.rms_norm' op expected 3 or more operands, but found 2}}
  "rownorm.rms_norm"(%x, %w) <{epsilon = 1.0e-05 : f32}> : (memref<?x8xf32>, memref<8xf32>) -> ()
  return
}

// -----

func.func @tensor_operands(%x: tensor<?x8xf32>, %w: tensor<8xf32>, %y: tensor<?x8xf32>) {
  // expected-error @+1 {{'rownorm.rms_norm' op operand #0 must be 2D memref of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<?x8xf32>'}}
  "rownorm.rms_norm"(%x, %w, %y) <{epsilon = 1.0e-05 : f32}> : (tensor<?x8xf32>, tensor<8xf32>, tensor<?x8xf32>) -> ()
  return
}

// -----

func.func @schedule_of_wrong_kind(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{invalid properties {epsilon = 9.99999974E-6 : f32, schedule = 4 : i64} for op rownorm.rms_norm: Invalid attribute `schedule` in property conversion: 4 : i64}}
  "rownorm.rms_norm"(%x, %w, %y) <{epsilon = 1.0e-05 : f32, schedule = 4 : i64}> : (memref<?x8xf32>, memref<8xf32>, memref<?x8xf32>) -> ()
  return
}

// -----

func.func @results(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{'rownorm.rms_norm' op requires zero results}}
  %r = "rownorm.rms_norm"(%x, %w, %y) <{epsilon = 1.0e-05 : f32}> : (memref<?x8xf32>, memref<8xf32>, memref<?x8xf32>) -> (i32)
  return
}

// -----

func.func @epsilon_operand_f64(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>, %eps: f64) {
  // expected-error @+1 {{'rownorm.rms_norm' op operand #3 must be 32-bit float, but got 'f64'}}
  "rownorm.rms_norm"(%x, %w, %y, %eps) : (memref<?x8xf32>, memref<8xf32>, memref<?x8xf32>, f64) -> ()
  return
}
