// The schedule attribute and the module's target attribute round-trip.
// RUN: rmsnorm-opt %s --split-input-file | rmsnorm-opt --split-input-file | FileCheck %s
// RUN: rmsnorm-opt %s --split-input-file --mlir-print-op-generic | rmsnorm-opt --split-input-file | FileCheck %s

// CHECK: module attributes {rownorm.target = #nvvm.target<chip = "sm_90", features = "+ptx80">}
module attributes {rownorm.target = #nvvm.target<chip = "sm_90", features = "+ptx80">} {
  // CHECK-LABEL: func.func @schedule
  // CHECK-SAME: rownorm_test.schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 64, vector_width = 4, vectors_per_thread = 1>
  func.func @schedule() attributes {rownorm_test.schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 64, vector_width = 4, vectors_per_thread = 1>} {
    return
  }
}

// -----

// CHECK: module attributes {rownorm.target = #rocdl.target<chip = "gfx942">}
module attributes {rownorm.target = #rocdl.target<chip = "gfx942">} {
}
