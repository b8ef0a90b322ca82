// rownorm-widen-reductions on reductions written by hand in plain
// scf/vector/arith IR: additive f16/bf16 reductions accumulate in f32; other
// reductions and f32 ones are left alone.
// Numerics contract: widening only adds precision; the pass never narrows.
// RUN: rmsnorm-opt %s --rownorm-widen-reductions | FileCheck %s

// A scalar loop-carried sum of squares; its f16 mean is computed in f32 too
// and rounded once, where it is returned.
// CHECK-LABEL: func.func @loop_sum_of_squares
// CHECK: %[[INIT:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32)
// CHECK: %[[V:.*]] = memref.load %{{.*}} : memref<1024xf16>
// CHECK-DAG: %[[A:.*]] = arith.extf %[[V]] : f16 to f32
// CHECK-DAG: %[[B:.*]] = arith.extf %[[V]] : f16 to f32
// CHECK: %[[SQ:.*]] = arith.mulf
// CHECK: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[SQ]] : f32
// CHECK: scf.yield %[[NEXT]] : f32
// CHECK: %[[MEAN:.*]] = arith.divf %[[SUM]], %{{.*}} : f32
// CHECK: %[[R:.*]] = arith.truncf %[[MEAN]] : f32 to f16
// CHECK: return %[[R]] : f16
func.func @loop_sum_of_squares(%m: memref<1024xf16>) -> f16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f16
  %n = arith.constant 1024.0 : f16
  %sum = scf.for %i = %c0 to %c1024 step %c1 iter_args(%acc = %zero) -> (f16) {
    %v = memref.load %m[%i] : memref<1024xf16>
    %sq = arith.mulf %v, %v : f16
    %next = arith.addf %acc, %sq : f16
    scf.yield %next : f16
  }
  %mean = arith.divf %sum, %n : f16
  return %mean : f16
}

// A horizontal vector sum.
// CHECK-LABEL: func.func @vector_sum
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : vector<8xbf16> to vector<8xf32>
// CHECK: %[[S:.*]] = vector.reduction <add>, %[[W]] : vector<8xf32> into f32
// CHECK: %[[T:.*]] = arith.truncf %[[S]] : f32 to bf16
// CHECK: return %[[T]] : bf16
func.func @vector_sum(%v: vector<8xbf16>) -> bf16 {
  %s = vector.reduction <add>, %v : vector<8xbf16> into bf16
  return %s : bf16
}

// A parallel reduction combined by addf.
// CHECK-LABEL: func.func @parallel_sum
// CHECK: %[[P:.*]] = scf.parallel {{.*}} init (%{{.*}}) -> f32
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: scf.reduce(%{{.*}} : f32)
// CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: arith.truncf %[[P]] : f32 to f16
func.func @parallel_sum(%m: memref<64xf16>) -> f16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f16
  %s = scf.parallel (%i) = (%c0) to (%c64) step (%c1) init (%zero) -> f16 {
    %v = memref.load %m[%i] : memref<64xf16>
    scf.reduce(%v : f16) {
    ^bb0(%a: f16, %b: f16):
      %r = arith.addf %a, %b : f16
      scf.reduce.return %r : f16
    }
  }
  return %s : f16
}

// Not additive reductions, and f32 ones: unchanged.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: arith.extf
// CHECK: scf.for {{.*}} -> (f16)
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f16
// CHECK: vector.reduction <maximumf>, %{{.*}} : vector<8xf16> into f16
// CHECK: scf.for {{.*}} -> (f32)
// CHECK-NOT: arith.extf
// CHECK: return
func.func @left_alone(%m: memref<16xf16>, %v: vector<8xf16>, %f: memref<16xf32>) -> (f16, f16, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f16
  %prod = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %one) -> (f16) {
    %x = memref.load %m[%i] : memref<16xf16>
    %next = arith.mulf %acc, %x : f16
    scf.yield %next : f16
  }
  %max = vector.reduction <maximumf>, %v : vector<8xf16> into f16
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %f[%i] : memref<16xf32>
    %next = arith.addf %acc, %x : f32
    scf.yield %next : f32
  }
  return %prod, %max, %sum : f16, f16, f32
}
