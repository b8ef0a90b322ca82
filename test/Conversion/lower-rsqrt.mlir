// rownorm-lower-rsqrt: an f32 math.rsqrt in a kernel becomes the target's
// approximate rsqrt intrinsic (no device library); f64 and host code stay.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-lower-rsqrt | FileCheck %s

module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k [#nvvm.target<chip = "sm_90">] {
    // CHECK-LABEL: gpu.func @nvptx
    // CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.f"(%{{.*}}) : (f32) -> f32
    // CHECK: math.rsqrt %{{.*}} : f64
    gpu.func @nvptx(%x: f32, %y: f64, %out: memref<2xf32>, %out64: memref<1xf64>) kernel {
      %c0 = arith.constant 0 : index
      %r = math.rsqrt %x : f32
      memref.store %r, %out[%c0] : memref<2xf32>
      %r64 = math.rsqrt %y : f64
      memref.store %r64, %out64[%c0] : memref<1xf64>
      gpu.return
    }
  }
  // CHECK-LABEL: func.func @host
  // CHECK: math.rsqrt
  func.func @host(%x: f32) -> f32 {
    %r = math.rsqrt %x : f32
    return %r : f32
  }
}

// -----

module attributes {gpu.container_module, rownorm.target = #rocdl.target<chip = "gfx942">} {
  gpu.module @k [#rocdl.target<chip = "gfx942">] {
    // CHECK-LABEL: gpu.func @amdgpu
    // CHECK: llvm.call_intrinsic "llvm.amdgcn.rsq"(%{{.*}}) : (f32) -> f32
    // CHECK-NOT: math.rsqrt
    gpu.func @amdgpu(%x: f32, %out: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %r = math.rsqrt %x : f32
      memref.store %r, %out[%c0] : memref<1xf32>
      gpu.return
    }
  }
}
