// rownorm-unroll-row-loops unrolls a kernel's constant loops of at most 16
// iterations (a thread's vectors) and leaves longer or dynamic ones, and
// loops outside kernels, alone.
// RUN: rmsnorm-opt %s --rownorm-unroll-row-loops | FileCheck %s
// RUN: rmsnorm-opt %s | FileCheck %s --check-prefix=KEPT

module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @short
    // CHECK-NOT: scf.for
    // CHECK-COUNT-4: vector.load
    // KEPT-LABEL: gpu.func @short
    // KEPT: scf.for
    gpu.func @short(%a: memref<64xf32>, %b: memref<64xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      scf.for %i = %c0 to %c4 step %c1 {
        %col = arith.muli %i, %c16 : index
        %v = vector.load %a[%col] : memref<64xf32>, vector<4xf32>
        vector.store %v, %b[%col] : memref<64xf32>, vector<4xf32>
      }
      gpu.return
    }
    // 17 iterations, or a dynamic bound: kept.
    // CHECK-LABEL: gpu.func @long
    // CHECK: scf.for
    // CHECK: scf.for
    gpu.func @long(%a: memref<68xf32>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c17 = arith.constant 17 : index
      %c4 = arith.constant 4 : index
      scf.for %i = %c0 to %c17 step %c1 {
        %col = arith.muli %i, %c4 : index
        %v = vector.load %a[%col] : memref<68xf32>, vector<4xf32>
        vector.store %v, %a[%col] : memref<68xf32>, vector<4xf32>
      }
      scf.for %i = %c0 to %n step %c1 {
        %v = vector.load %a[%c0] : memref<68xf32>, vector<4xf32>
        vector.store %v, %a[%c0] : memref<68xf32>, vector<4xf32>
      }
      gpu.return
    }
  }
  // CHECK-LABEL: func.func @host
  // CHECK: scf.for
  func.func @host(%a: memref<8xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %f = arith.constant 1.0 : f32
    scf.for %i = %c0 to %c2 step %c1 {
      memref.store %f, %a[%i] : memref<8xf32>
    }
    return
  }
}
