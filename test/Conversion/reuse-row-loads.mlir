// A thread reads each of its row elements once: the scaling pass reuses the
// loads of the sum-of-squares pass (ReuseRowLoads), also when the rows of a
// block are guarded (the guarded load becomes a load of a clamped row and a
// select) and when the normalization is in place (x and y are one buffer).
// RUN: rmsnorm-opt %s --split-input-file --rownorm-optimize-pipeline --convert-rownorm-to-gpu --rownorm-unroll-row-loops --rownorm-reuse-row-loads | FileCheck %s
// Without the pass a thread reads x twice:
// RUN: rmsnorm-opt %s --split-input-file --rownorm-optimize-pipeline --convert-rownorm-to-gpu --rownorm-unroll-row-loops | not FileCheck %s

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {

// Two vectors per thread and two rows per block: per copy of the body, two
// loads of x and two of w, not four of x. In the copy for rows of unknown
// alignment the head and tail elements are read once, and the body vectors
// again in the pass that writes the row, on purpose (rownorm.reload: that
// copy's registers would otherwise set the kernel's occupancy).
// CHECK-LABEL: gpu.func @guarded_rows
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK: %[[IN:.*]] = arith.cmpi ult
// CHECK: %[[ROW:.*]] = arith.select %[[IN]], %{{.*}}, %c0 : index
// CHECK-NOT: arith.select
// CHECK-COUNT-2: vector.load %[[X]][%[[ROW]], %{{.*}}] {alignment = 16 : i64}
// CHECK-NOT: vector.load %[[X]]
// In that copy a row past M reads element [0, 0], not its column of row 0:
// the column depends on the row's head, and row 0's may differ (a
// misaligned-address fault on the H200 before, 2026-11-30).
// CHECK: } else {
// CHECK: %[[IN2:.*]] = arith.cmpi ult
// CHECK: %[[ROW2:.*]] = arith.select %[[IN2]], %{{.*}}, %c0 : index
// CHECK: %[[COL2:.*]] = arith.select %[[IN2]], %{{.*}}, %c0 : index
// CHECK: vector.load %[[X]][%[[ROW2]], %[[COL2]]] {alignment = 16 : i64}
// CHECK: vector.load %[[X]]{{.*}} {alignment = 16 : i64} : {{.*}}, vector<8xbf16>
// CHECK-COUNT-2: vector.load %[[X]]{{.*}} : {{.*}}, vector<1xbf16>
// CHECK-NOT: vector.load %[[X]]{{.*}}vector<1xbf16>
// CHECK: gpu.shuffle
// CHECK-COUNT-4: vector.load %[[X]]{{.*}} {alignment = 16 : i64, rownorm.reload}
// CHECK-NOT: vector.load %[[X]]
// CHECK: gpu.return
func.func @guarded_rows(%x: memref<?x512xbf16, strided<[?, 1]>>, %w: memref<512xbf16>, %y: memref<?x512xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x512xbf16, strided<[?, 1]>>) weight(%w : memref<512xbf16>) outs(%y : memref<?x512xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 32, vector_width = 8, vectors_per_thread = 2>}
  return
}

// In place: the stores to the row write the columns just read, never one
// still to be reused, so reuse stays. In the copy for rows of unknown
// alignment the head and tail elements are read again after the body's
// stores: their columns are not provably other than the body's.
// CHECK-LABEL: gpu.func @in_place
// CHECK: %[[XY:.*]] = memref.reinterpret_cast %arg0
// CHECK-COUNT-2: vector.load %[[XY]]
// CHECK-NOT: vector.load %[[XY]]
// CHECK: } else {
// CHECK-COUNT-2: vector.load %[[XY]]{{.*}} {alignment = 16 : i64} : {{.*}}, vector<4xf32>
// CHECK-COUNT-2: vector.load %[[XY]]{{.*}} : {{.*}}, vector<1xf32>
// CHECK: gpu.shuffle
// CHECK-COUNT-2: vector.load %[[XY]]{{.*}} {alignment = 16 : i64, rownorm.reload}
// CHECK-COUNT-2: vector.load %[[XY]]{{.*}} : {{.*}}, vector<1xf32>
// CHECK-NOT: vector.load %[[XY]]
// CHECK: gpu.return
func.func @in_place(%xy: memref<?x512xf32, strided<[?, 1]>>, %w: memref<512xf32>) {
  rownorm.rms_norm ins(%xy : memref<?x512xf32, strided<[?, 1]>>) weight(%w : memref<512xf32>) outs(%xy : memref<?x512xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 64, vector_width = 4, vectors_per_thread = 2>}
  return
}

}

// -----

// A store to the same column between two identical loads keeps the second
// load: only stores to provably other columns let a value be reused.
// RUN: rmsnorm-opt %s --split-input-file --convert-rownorm-to-gpu --rownorm-unroll-row-loops --rownorm-reuse-row-loads | FileCheck %s --check-prefix=CLOBBER
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  // CLOBBER-LABEL: gpu.func @clobbered
  // CLOBBER: %[[X:.*]] = memref.reinterpret_cast %arg0
  // CLOBBER: vector.load %[[X]]
  // CLOBBER: vector.store %{{.*}}, %[[X]]
  // CLOBBER: vector.load %[[X]]
  // CLOBBER: gpu.return
  func.func @clobbered(%x: memref<?x64xf32, strided<[?, 1]>>, %w: memref<64xf32>, %out: memref<?x64xf32, strided<[?, 1]>>) attributes {rownorm.kernel = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 64 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 16 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %rows = memref.dim %x, %c0 : memref<?x64xf32, strided<[?, 1]>>
    scf.parallel (%row) = (%c0) to (%rows) step (%c1) {
      %sum = scf.parallel (%t) = (%c0) to (%c16) step (%c1) init (%zero) -> f32 {
        %col = arith.muli %t, %c4 : index
        %v = vector.load %x[%row, %col] : memref<?x64xf32, strided<[?, 1]>>, vector<4xf32>
        %s = vector.reduction <add>, %v : vector<4xf32> into f32
        scf.reduce(%s : f32) {
        ^bb0(%a: f32, %b: f32):
          %r = arith.addf %a, %b : f32
          scf.reduce.return %r : f32
        }
      }
      scf.parallel (%t) = (%c0) to (%c16) step (%c1) {
        %col = arith.muli %t, %c4 : index
        %b = vector.broadcast %sum : f32 to vector<4xf32>
        vector.store %b, %x[%row, %col] : memref<?x64xf32, strided<[?, 1]>>, vector<4xf32>
        %v = vector.load %x[%row, %col] : memref<?x64xf32, strided<[?, 1]>>, vector<4xf32>
        vector.store %v, %out[%row, %col] : memref<?x64xf32, strided<[?, 1]>>, vector<4xf32>
        scf.reduce
      }
      scf.reduce
    }
    return
  }
}
