// rownorm-align-rows on rownorm's expansion of rows of 67 bf16 (8 whole
// vectors of 8 over 8 threads, 3 elements left; rows 134 bytes apart, so
// their alignment is known only per row):
// - head h = (-(row * 67)) mod 8, the body at columns h + c, 16-byte
//   aligned, under a mask of whole vectors (bodyLength - c);
// - y stored aligned only when its head equals x's: the loop twice under one
//   test; x read again in that pass (rownorm.reload);
// - head and tail elements one per thread in a loop of one-element accesses.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-expand-ops --rownorm-align-rows --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @misaligned
// CHECK: %[[NEG:.*]] = arith.subi %c0{{.*}}, %{{.*}} : index
// CHECK: %[[HEAD:.*]] = arith.andi %[[NEG]], %c7{{.*}} : index
// CHECK: %[[LEN:.*]] = arith.muli %{{.*}}, %c8{{.*}} : index
// CHECK: scf.for
// CHECK: %[[LEFT:.*]] = arith.subi %[[LEN]], %[[COL:.*]] : index
// CHECK: %[[MASK:.*]] = vector.create_mask %[[LEFT]] : vector<8xi1>
// CHECK: %[[AT:.*]] = arith.addi %[[HEAD]], %[[COL]] : index
// CHECK: vector.maskedload %arg0[%{{.*}}, %[[AT]]], %[[MASK]], %{{.*}} {alignment = 16 : i64}
// The head and tail elements of the sum of squares.
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %c3
// CHECK: vector.load %arg0[%{{.*}}, %{{.*}}] : memref<?x67xbf16>, vector<1xbf16>
// CHECK: scf.if
// CHECK: vector.maskedload %arg0{{.*}} {alignment = 16 : i64, rownorm.reload}
// CHECK: vector.maskedstore %arg2{{.*}} {alignment = 16 : i64}
// CHECK: } else {
// CHECK: vector.maskedload %arg0{{.*}} {alignment = 16 : i64, rownorm.reload}
// CHECK: vector.maskedstore %arg2{{.*}} : memref
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %c3
// CHECK: vector.store %{{.*}}, %arg2[%{{.*}}, %{{.*}}] : memref<?x67xbf16>, vector<1xbf16>
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @misaligned(%x: memref<?x67xbf16>, %w: memref<67xbf16>, %y: memref<?x67xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x67xbf16>) weight(%w : memref<67xbf16>) outs(%y : memref<?x67xbf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 8, vector_width = 8, vectors_per_thread = 1>}
  return
}
}

// -----

// A row body it must complete (its vectors stop 4 columns short of N = 20)
// but cannot: one access says aligned, the other not.
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @mixed(%x: memref<?x20xf32>, %y: memref<?x20xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = memref.dim %x, %c0 : memref<?x20xf32>
  // expected-error @+1 {{rows of 20 elements are read in whole vectors of 4 that stop short of the end, and their tail cannot be added: some accesses are marked aligned, others not}}
  scf.parallel (%r) = (%c0) to (%m) step (%c1) {
    scf.parallel (%t) = (%c0) to (%c4) step (%c1) {
      scf.for %k = %c0 to %c1 step %c1 {
        %col = arith.muli %t, %c4 : index
        %v = vector.load %x[%r, %col] {alignment = 16 : i64} : memref<?x20xf32>, vector<4xf32>
        vector.store %v, %y[%r, %col] : memref<?x20xf32>, vector<4xf32>
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}
}

// -----

// The weight's realignment. Rows of 259 bf16 (32 whole vectors and 3
// elements): contiguous rows take this copy, so the weight is read in 8-byte
// units (the vector at head + c - s and the 4 elements after it, s = head
// mod 4), moved by one word-select stage (s & 2) and one funnel shift of the
// 32-bit words by 16 * (s & 1) bits.
// CHECK-LABEL: func.func @odd_width
// CHECK: %[[HEAD:.*]] = arith.andi %{{.*}}, %c7 : index
// CHECK: %[[SHIFT:.*]] = arith.andi %[[HEAD]], %c3 : index
// The low access starts at head - s + c: a multiple of 4 elements (8 bytes).
// CHECK: %[[BASE:.*]] = arith.andi %[[HEAD]], %c-4 : index
// CHECK: %[[AT:.*]] = arith.addi %[[BASE]], %{{.*}} : index
// CHECK: %[[W0:.*]] = vector.load %arg1[%[[AT]]] {alignment = 8 : i64} : memref<259xbf16>, vector<8xbf16>
// CHECK: %[[AT1:.*]] = arith.addi %[[AT]], %c8{{.*}} : index
// CHECK: %[[W1:.*]] = vector.load %arg1[%[[AT1]]] {alignment = 8 : i64} : memref<259xbf16>, vector<4xbf16>
// CHECK: %[[WIN:.*]] = vector.shuffle %[[W0]], %[[W1]] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
// CHECK: %[[MOVED:.*]] = vector.shuffle %[[WIN]], %[[WIN]] [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11, 11]
// CHECK: %[[BIT2:.*]] = arith.andi %[[SHIFT]], %c2{{.*}} : index
// CHECK: %[[SET2:.*]] = arith.cmpi ne, %[[BIT2]], %c0{{.*}} : index
// CHECK: %[[TWO:.*]] = arith.select %[[SET2]], %[[MOVED]], %[[WIN]] : vector<12xbf16>
// CHECK-NOT: vector.shuffle %[[TWO]], %[[TWO]] [1,
// CHECK: %[[WORDS:.*]] = vector.bitcast %[[TWO]] : vector<12xbf16> to vector<6xi32>
// CHECK: %[[LO:.*]] = vector.shuffle %[[WORDS]], %[[WORDS]] [0, 1, 2, 3]
// CHECK: %[[HI:.*]] = vector.shuffle %[[WORDS]], %[[WORDS]] [1, 2, 3, 4]
// CHECK: %[[ODD:.*]] = arith.andi %[[SHIFT]], %c1{{.*}} : index
// CHECK: %[[BITS:.*]] = arith.muli %[[ODD]], %c16{{.*}} : index
// CHECK: %[[AMOUNT:.*]] = arith.index_castui %[[BITS]] : index to i32
// CHECK: %[[AMOUNTS:.*]] = vector.broadcast %[[AMOUNT]] : i32 to vector<4xi32>
// CHECK: %[[SHIFTED:.*]] = llvm.intr.fshr(%[[HI]], %[[LO]], %[[AMOUNTS]]) : (vector<4xi32>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// CHECK: vector.bitcast %[[SHIFTED]] : vector<4xi32> to vector<8xbf16>
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @odd_width(%x: memref<?x259xbf16>, %w: memref<259xbf16>, %y: memref<?x259xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x259xbf16>) weight(%w : memref<259xbf16>) outs(%y : memref<?x259xbf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 8, vector_width = 8, vectors_per_thread = 4>}
  return
}
}

// -----

// Rows of whole vectors (256 bf16) whose stride is not known: this copy
// serves odd strides only, beside the aligned copy rownorm-version-rows
// makes; the weight stays in 16-byte units with three select stages.
// CHECK-LABEL: func.func @whole_vectors
// CHECK: vector.load %arg1[%{{.*}}] {alignment = 16 : i64} : memref<256xbf16>, vector<8xbf16>
// CHECK: vector.load %arg1[%{{.*}}] {alignment = 16 : i64} : memref<256xbf16>, vector<8xbf16>
// CHECK-COUNT-3: arith.select %{{.*}} : vector<16xbf16>
// CHECK-NOT: llvm.intr.fshr
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @whole_vectors(%x: memref<?x256xbf16, strided<[?, 1]>>, %w: memref<256xbf16>, %y: memref<?x256xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x256xbf16, strided<[?, 1]>>) weight(%w : memref<256xbf16>) outs(%y : memref<?x256xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 8, vector_width = 8, vectors_per_thread = 4>}
  return
}
}
