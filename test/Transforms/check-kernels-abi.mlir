// rownorm-check-kernels refuses, with the op's location, what the kernel ABI
// cannot honour; each case was accepted before and compiled to a wrong
// kernel or failed deep in LLVM: operands in memory space 3 (no host can
// pass them; "LLVM Translation failed for operation:
// builtin.unrealized_conversion_cast"), memref offsets, static or dynamic
// (silently dropped), operands from memref.alloc (a kernel with no
// parameters), the op inside scf.for or scf.if, two ops in one function.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-check-kernels --verify-diagnostics
// The target pipelines run the check first: the same errors.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-to-ptx-pipeline --verify-diagnostics
// RUN: rmsnorm-opt %s --split-input-file --rownorm-to-amdgcn-pipeline --verify-diagnostics

func.func @workgroup_memory(%x: memref<?x64xf32, 3>, %w: memref<64xf32, 3>, %y: memref<?x64xf32, 3>) {
  // expected-error @+1 {{expects the input in the default memory space (a host passes global memory), got 3 : i64}}
  rownorm.rms_norm ins(%x : memref<?x64xf32, 3>) weight(%w : memref<64xf32, 3>) outs(%y : memref<?x64xf32, 3>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

func.func @static_offset(%x: memref<?x64xf32, strided<[64, 1], offset: 8>>, %w: memref<64xf32>, %y: memref<?x64xf32>) {
  // expected-error @+1 {{expects the input without an offset (the kernel takes the address of its first element), got 'memref<?x64xf32, strided<[64, 1], offset: 8>>'}}
  rownorm.rms_norm ins(%x : memref<?x64xf32, strided<[64, 1], offset: 8>>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

func.func @dynamic_offset(%x: memref<?x64xf32>, %w: memref<64xf32, strided<[1], offset: ?>>, %y: memref<?x64xf32>) {
  // expected-error @+1 {{expects the weight without an offset (the kernel takes the address of its first element), got 'memref<64xf32, strided<[1], offset: ?>>'}}
  rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32, strided<[1], offset: ?>>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

func.func @allocated(%x: memref<4x64xf32>, %w: memref<64xf32>) {
  %y = memref.alloc() : memref<4x64xf32>
  // expected-error @+1 {{expects the output to be an argument of @allocated (a kernel gets its buffers as parameters), got a value defined by memref.alloc}}
  rownorm.rms_norm ins(%x : memref<4x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<4x64xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

func.func @in_a_loop(%x: memref<?x64xf32>, %w: memref<64xf32>, %y: memref<?x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    // expected-error @+1 {{expects the rownorm op at the top level of @in_a_loop (a kernel runs it once per launch; not inside scf.for)}}
    rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32}
  }
  return
}

// -----

func.func @under_a_condition(%x: memref<?x64xf32>, %w: memref<64xf32>, %y: memref<?x64xf32>, %c: i1) {
  scf.if %c {
    // expected-error @+1 {{expects the rownorm op at the top level of @under_a_condition (a kernel runs it once per launch; not inside scf.if)}}
    rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32}
  }
  return
}

// -----

func.func @two_ops(%x: memref<?x64xf32>, %w: memref<64xf32>, %y: memref<?x64xf32>) {
  rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32}
  // expected-error @+1 {{expects one rownorm op per kernel function, found 2 in @two_ops (one function is one kernel)}}
  rownorm.rms_norm ins(%y : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32}
  return
}
