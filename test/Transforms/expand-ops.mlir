// rownorm-expand-ops replaces the op by the loop nest of its schedule, in the
// element type and without bounds checks (the naive lowering that the later
// passes repair).
// RUN: rmsnorm-opt %s --rownorm-expand-ops | FileCheck %s

// CHECK-LABEL: func.func @tiled
// CHECK-SAME: (%[[X:.*]]: memref<?x200xbf16, strided<[?, 1]>>, %[[W:.*]]: memref<200xf32>, %[[Y:.*]]: memref<?x200xbf16, strided<[?, 1]>>)
// CHECK-NOT: rownorm.rms_norm
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[R:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[T:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[V:.*]] = arith.constant 7 : index
// CHECK: %[[M:.*]] = memref.dim %[[X]], %{{.*}}
// CHECK: %[[BLOCKS:.*]] = arith.ceildivui %[[M]], %[[R]] : index
// CHECK: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%[[BLOCKS]])
// CHECK: scf.parallel (%[[RB:.*]]) = (%{{.*}}) to (%[[R]])
// CHECK: %[[ROWBASE:.*]] = arith.muli %[[B]], %[[R]]
// CHECK: %[[ROW:.*]] = arith.addi %[[ROWBASE]], %[[RB]]
// Sum of squares: per thread in vectors of the element type, then across the
// row's threads.
// CHECK: %[[SUM:.*]] = scf.parallel (%[[TID:.*]]) = (%{{.*}}) to (%[[T]]) step (%{{.*}}) init (%{{.*}}) -> bf16
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} = %{{.*}} to %[[V]] step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (vector<8xbf16>)
// CHECK: %[[XV:.*]] = vector.load %[[X]][%[[ROW]], %{{.*}}] : memref<?x200xbf16, strided<[?, 1]>>, vector<8xbf16>
// CHECK: %[[SQ:.*]] = arith.mulf %[[XV]], %[[XV]] : vector<8xbf16>
// CHECK: %[[NEXT:.*]] = arith.addf %[[A]], %[[SQ]] : vector<8xbf16>
// CHECK: scf.yield %[[NEXT]]
// CHECK: %[[PART:.*]] = vector.reduction <add>, %[[ACC]] fastmath<reassoc> : vector<8xbf16> into bf16
// CHECK: scf.reduce(%[[PART]] : bf16)
// CHECK: arith.addf %{{.*}}, %{{.*}} : bf16
// N and epsilon are f32 values rounded to the element type.
// CHECK: %[[NF32:.*]] = arith.constant 2.000000e+02 : f32
// CHECK: %[[N:.*]] = arith.truncf %[[NF32]] : f32 to bf16
// CHECK: %[[MEAN:.*]] = arith.divf %[[SUM]], %[[N]] fastmath<arcp> : bf16
// CHECK: %[[EPS32:.*]] = arith.constant 9.99999974E-6 : f32
// CHECK: %[[EPS:.*]] = arith.truncf %[[EPS32]] : f32 to bf16
// CHECK: %[[MS:.*]] = arith.addf %[[MEAN]], %[[EPS]] : bf16
// CHECK: %[[RMS:.*]] = math.sqrt %[[MS]] fastmath<afn> : bf16
// Scale: y = x / rms * w, the f32 weight rounded to the element type.
// CHECK: scf.parallel
// CHECK: scf.for
// CHECK: %[[XS:.*]] = vector.load %[[X]][%[[ROW]], %[[COL:.*]]] : memref<?x200xbf16, strided<[?, 1]>>, vector<8xbf16>
// CHECK: %[[WS:.*]] = vector.load %[[W]][%[[COL]]] : memref<200xf32>, vector<8xf32>
// CHECK: %[[WN:.*]] = arith.truncf %[[WS]] : vector<8xf32> to vector<8xbf16>
// CHECK: %[[RMSV:.*]] = vector.broadcast %[[RMS]] : bf16 to vector<8xbf16>
// CHECK: %[[NORM:.*]] = arith.divf %[[XS]], %[[RMSV]] fastmath<afn> : vector<8xbf16>
// CHECK: %[[YV:.*]] = arith.mulf %[[NORM]], %[[WN]] : vector<8xbf16>
// CHECK: vector.store %[[YV]], %[[Y]][%[[ROW]], %[[COL]]] : memref<?x200xbf16, strided<[?, 1]>>, vector<8xbf16>
func.func @tiled(%x: memref<?x200xbf16, strided<[?, 1]>>, %w: memref<200xf32>, %y: memref<?x200xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x200xbf16, strided<[?, 1]>>) weight(%w : memref<200xf32>) outs(%y : memref<?x200xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 4, vector_width = 8, vectors_per_thread = 7>}
  return
}

// The column of vector i of thread t is (i * threads_per_row + t) * width.
// CHECK-LABEL: func.func @column_index
// CHECK: scf.parallel (%[[TID:[a-z0-9_]+]]) = {{.*}} init
// CHECK: scf.for %[[I:[a-z0-9_]+]] = 
// CHECK: %[[IT:.*]] = arith.muli %[[I]], %[[THREADS:.*]] : index
// CHECK: %[[STEP:.*]] = arith.addi %[[IT]], %[[TID]] : index
// CHECK: %[[COL:.*]] = arith.muli %[[STEP]], %[[WIDTH:.*]] : index
// CHECK: vector.load %{{.*}}[%{{.*}}, %[[COL]]] : memref<?x64xf32>, vector<4xf32>
func.func @column_index(%x: memref<?x64xf32>, %w: memref<64xf32>, %y: memref<?x64xf32>) {
  rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 16, vector_width = 4, vectors_per_thread = 1>}
  return
}
