// rownorm-optimize-pipeline end to end on sm_90, for a ragged bf16 row
// (N = 1000: 4 rows per block, 32 threads per row, 4 vectors of 8 each, the
// last one partly past the row). Each group of checks fails when one pass is
// missing from the pipeline:
//   tile-rows       -> 16-byte vectors, 4 rows per block, 32 threads per row
//   widen-reductions-> f32 sum of squares, f32 scaling, no bf16 arithmetic
//   fuse-rsqrt      -> one rsqrt, no sqrt, no division
//   mask-accesses   -> masked tail, guarded rows
//   coarsen-masks   -> whole-vector tail (1000 is a multiple of 8): one
//                      predicate, a 16-byte load, a select, a guarded store;
//                      a per-element mask only for a partial last vector
//                      (N = 1001)
// RUN: rmsnorm-opt %s --rownorm-optimize-pipeline --verify-diagnostics | FileCheck %s
// RUN: rmsnorm-opt %s --rownorm-optimize-pipeline 2>/dev/null | FileCheck %s --check-prefix=WHOLE
// RUN: rmsnorm-opt %s --rownorm-optimize-pipeline 2>/dev/null | FileCheck %s --check-prefix=PARTIAL
// RUN: rmsnorm-opt %s --rownorm-optimize-pipeline 2>/dev/null | sed -n '/func.func @ragged/,/func.func @partial_vector/p' | FileCheck %s --check-prefix=RAGGED-WHOLE
// RAGGED-WHOLE-NOT: {{vector.create_mask|vector.masked}}

// Over the whole output: no bf16 arithmetic, no square root, no division of
// vectors; per-element masks only in @partial_vector.
// WHOLE-NOT: arith.{{(add|sub|mul|div)}}f {{.*}}bf16
// WHOLE-NOT: math.sqrt
// WHOLE-NOT: arith.divf {{.*}}vector

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {

// CHECK-LABEL: func.func @ragged
// CHECK-DAG: %[[N:.*]] = arith.constant 1000 : index
// CHECK-DAG: %[[R:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[T:.*]] = arith.constant 32 : index
// CHECK: %[[M:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?x1000xbf16, strided<[?, 1]>>
// CHECK: %[[BLOCKS:.*]] = arith.ceildivui %[[M]], %[[R]] : index
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%[[BLOCKS]], %[[R]])
// CHECK: %[[ROW:.*]] = arith.addi
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[T]]) step (%{{.*}}) init (%{{.*}}) -> f32
// CHECK: scf.for {{.*}} -> (vector<8xf32>)
// CHECK: %[[INROW:.*]] = arith.cmpi ult, %[[ROW]], %[[M]] : index
// CHECK: scf.if %[[INROW]] -> (vector<8xbf16>)
// CHECK: vector.load {{.*}} vector<8xbf16>
// CHECK: arith.extf %{{.*}} : vector<8xbf16> to vector<8xf32>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: %[[LEFT:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK: %[[GUARDED:.*]] = arith.select %{{.*}}, %[[LEFT]], %{{.*}} : index
// CHECK: %[[IN:.*]] = arith.cmpi sgt, %[[GUARDED]], %{{.*}} : index
// CHECK: %[[LOADED:.*]] = vector.load {{.*}} vector<8xbf16>
// CHECK: arith.select %[[IN]], %[[LOADED]], %{{.*}} : vector<8xbf16>
// CHECK: vector.reduction <add>, %{{.*}} fastmath<reassoc> : vector<8xf32> into f32
// CHECK: arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: %[[RSTD:.*]] = math.rsqrt %{{.*}} fastmath<afn> : f32
// CHECK: vector.broadcast %[[RSTD]] : f32 to vector<8xf32>
// CHECK: arith.truncf %{{.*}} : vector<8xf32> to vector<8xbf16>
// CHECK: scf.if
// CHECK-NEXT: vector.store {{.*}} vector<8xbf16>
// The peeled last vector: its store under one predicate.
// CHECK: arith.truncf %{{.*}} : vector<8xf32> to vector<8xbf16>
// CHECK: %[[STORE_IN:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : index
// CHECK-NEXT: scf.if %[[STORE_IN]] {
// CHECK-NEXT: vector.store {{.*}} vector<8xbf16>
// CHECK: return
func.func @ragged(%x: memref<?x1000xbf16, strided<[?, 1]>>, %w: memref<1000xbf16>, %y: memref<?x1000xbf16, strided<[?, 1]>>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 8, vectors_per_thread = 4> for N = 1000 'bf16' on sm_90}}
  rownorm.rms_norm ins(%x : memref<?x1000xbf16, strided<[?, 1]>>) weight(%w : memref<1000xbf16>) outs(%y : memref<?x1000xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}


// A row that is not whole vectors (1001 = 125 vectors of 8 + 1): the threads
// share the 125 whole vectors (16-byte accesses under one predicate each)
// and the last element is a tail element, one per thread
// (rownorm-align-rows), in the aligned copy as in the other; no per-element
// mask is left.
// PARTIAL-LABEL: func.func @partial_vector
// PARTIAL: scf.if
// PARTIAL: vector.load %arg0{{.*}} {alignment = 16 : i64} : {{.*}}, vector<8xbf16>
// PARTIAL: vector.load %arg0{{.*}} : {{.*}}, vector<1xbf16>
// PARTIAL: vector.store {{.*}} vector<1xbf16>
// PARTIAL: } else {
// PARTIAL: vector.load %arg0{{.*}} {alignment = 16 : i64} : {{.*}}, vector<8xbf16>
// PARTIAL: vector.load %arg0{{.*}} : {{.*}}, vector<1xbf16>
// PARTIAL: vector.store {{.*}} vector<1xbf16>
// PARTIAL-NOT: vector.create_mask
// PARTIAL-NOT: vector.masked
func.func @partial_vector(%x: memref<?x1001xbf16, strided<[?, 1]>>, %w: memref<1001xbf16>, %y: memref<?x1001xbf16, strided<[?, 1]>>) {
  // expected-remark @+1 {{schedule}}
  rownorm.rms_norm ins(%x : memref<?x1001xbf16, strided<[?, 1]>>) weight(%w : memref<1001xbf16>) outs(%y : memref<?x1001xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}

}
