// rownorm-materialize-masks: in kernels, a vector.create_mask becomes a
// comparison of a 32-bit step vector with the count, and a 1-D constant
// mask a constant vector of booleans.
// RUN: rmsnorm-opt %s --rownorm-materialize-masks | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @masks
    // CHECK-NOT: vector.create_mask
    // CHECK-NOT: vector.constant_mask
    // CHECK: %[[STEP:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
    // CHECK: %[[N:.*]] = arith.index_cast %{{.*}} : index to i32
    // CHECK: %[[NS:.*]] = vector.broadcast %[[N]] : i32 to vector<8xi32>
    // CHECK: arith.cmpi sgt, %[[NS]], %[[STEP]] : vector<8xi32>
    // CHECK: arith.constant dense<[true, true, true, false]> : vector<4xi1>
    gpu.func @masks(%a: memref<16xf32>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %zero8 = arith.constant dense<0.0> : vector<8xf32>
      %zero4 = arith.constant dense<0.0> : vector<4xf32>
      %m = vector.create_mask %n : vector<8xi1>
      %v = vector.maskedload %a[%c0], %m, %zero8 : memref<16xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
      vector.maskedstore %a[%c0], %m, %v : memref<16xf32>, vector<8xi1>, vector<8xf32>
      %k = vector.constant_mask [3] : vector<4xi1>
      %u = vector.maskedload %a[%c0], %k, %zero4 : memref<16xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      vector.maskedstore %a[%c0], %k, %u : memref<16xf32>, vector<4xi1>, vector<4xf32>
      gpu.return
    }
  }
}
