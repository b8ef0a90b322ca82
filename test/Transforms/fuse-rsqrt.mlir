// rownorm-fuse-rsqrt: a / sqrt(b) -> a * rsqrt(b) and 1 / sqrt(b) -> rsqrt(b),
// only where fastmath flags allow the change of rounding (afn or arcp on the
// division or the square root).
// RUN: rmsnorm-opt %s --rownorm-fuse-rsqrt | FileCheck %s

// CHECK-LABEL: func.func @divide_afn
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK: %[[R:.*]] = math.rsqrt %[[B]] fastmath<afn> : f32
// CHECK: %[[Y:.*]] = arith.mulf %[[A]], %[[R]] fastmath<afn> : f32
// CHECK: return %[[Y]]
// CHECK-NOT: math.sqrt
// CHECK-NOT: arith.divf
func.func @divide_afn(%a: f32, %b: f32) -> f32 {
  %s = math.sqrt %b : f32
  %y = arith.divf %a, %s fastmath<afn> : f32
  return %y : f32
}

// CHECK-LABEL: func.func @divide_arcp
// CHECK: math.rsqrt %{{.*}} fastmath<arcp> : f32
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<arcp> : f32
// CHECK-NOT: arith.divf
func.func @divide_arcp(%a: f32, %b: f32) -> f32 {
  %s = math.sqrt %b : f32
  %y = arith.divf %a, %s fastmath<arcp> : f32
  return %y : f32
}

// The flag may sit on the square root.
// CHECK-LABEL: func.func @sqrt_afn
// CHECK: math.rsqrt %{{.*}} fastmath<afn> : f32
// CHECK: arith.mulf
// CHECK-NOT: math.sqrt
func.func @sqrt_afn(%a: f32, %b: f32) -> f32 {
  %s = math.sqrt %b fastmath<afn> : f32
  %y = arith.divf %a, %s : f32
  return %y : f32
}

// 1 / sqrt(b) is rsqrt(b) itself.
// CHECK-LABEL: func.func @reciprocal
// CHECK-SAME: (%[[B:.*]]: f32)
// CHECK: %[[R:.*]] = math.rsqrt %[[B]] fastmath<afn> : f32
// CHECK-NEXT: return %[[R]]
func.func @reciprocal(%b: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %s = math.sqrt %b : f32
  %y = arith.divf %one, %s fastmath<afn> : f32
  return %y : f32
}

// Without afn or arcp the exact division stays.
// CHECK-LABEL: func.func @strict
// CHECK: %[[S:.*]] = math.sqrt
// CHECK: arith.divf %{{.*}}, %[[S]] : f32
// CHECK-NOT: math.rsqrt
func.func @strict(%a: f32, %b: f32) -> f32 {
  %s = math.sqrt %b : f32
  %y = arith.divf %a, %s : f32
  return %y : f32
}

// Other fast-math flags do not allow it either.
// CHECK-LABEL: func.func @other_flags
// CHECK: arith.divf %{{.*}}, %{{.*}} fastmath<nnan,ninf> : f32
// CHECK-NOT: math.rsqrt
func.func @other_flags(%a: f32, %b: f32) -> f32 {
  %s = math.sqrt %b : f32
  %y = arith.divf %a, %s fastmath<nnan,ninf> : f32
  return %y : f32
}

// A division of a vector by a broadcast square root, in a loop: the rsqrt is
// computed once, outside the loop, and broadcast once.
// CHECK-LABEL: func.func @broadcast_in_loop
// CHECK: %[[R:.*]] = math.rsqrt %{{.*}} fastmath<afn> : f32
// CHECK: %[[RV:.*]] = vector.broadcast %[[R]] : f32 to vector<4xf32>
// CHECK: scf.for
// CHECK: arith.mulf %{{.*}}, %[[RV]] fastmath<afn> : vector<4xf32>
// CHECK-NOT: arith.divf
// CHECK-NOT: math.sqrt
func.func @broadcast_in_loop(%m: memref<64xf32>, %b: f32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %s = math.sqrt %b : f32
  %sv = vector.broadcast %s : f32 to vector<4xf32>
  scf.for %i = %c0 to %c64 step %c4 {
    %v = vector.load %m[%i] : memref<64xf32>, vector<4xf32>
    %y = arith.divf %v, %sv fastmath<afn> : vector<4xf32>
    vector.store %y, %m[%i] : memref<64xf32>, vector<4xf32>
  }
  return
}

// Two divisions by one square root share one rsqrt.
// CHECK-LABEL: func.func @shared
// CHECK-COUNT-1: math.rsqrt
// CHECK-NOT: math.rsqrt
func.func @shared(%a: f32, %c: f32, %b: f32) -> (f32, f32) {
  %s = math.sqrt %b : f32
  %x = arith.divf %a, %s fastmath<afn> : f32
  %y = arith.divf %c, %s fastmath<afn> : f32
  return %x, %y : f32, f32
}

// A square root with another use stays for that use.
// CHECK-LABEL: func.func @sqrt_kept
// CHECK-DAG: %[[S:.*]] = math.sqrt
// CHECK-DAG: %[[R:.*]] = math.rsqrt
// CHECK: return %{{.*}}, %[[S]]
func.func @sqrt_kept(%a: f32, %b: f32) -> (f32, f32) {
  %s = math.sqrt %b : f32
  %y = arith.divf %a, %s fastmath<afn> : f32
  return %y, %s : f32, f32
}
