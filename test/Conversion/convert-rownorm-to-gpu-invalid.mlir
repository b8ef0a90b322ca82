// convert-rownorm-to-gpu refuses loop nests that are not the tiled form, by
// name, instead of producing a wrong kernel.
// RUN: rmsnorm-opt %s --split-input-file --convert-rownorm-to-gpu --verify-diagnostics

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  // expected-error @+1 {{expects one grid loop (scf.parallel) per kernel function, found several in @two_grids}}
  func.func @two_grids(%m: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) { scf.reduce }
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) { scf.reduce }
    return
  }
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @three_dims(%m: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{expects a grid loop over (block[, row in block]) without results, got 3 dimensions and 0 results}}
    scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%c1, %c1, %c1) step (%c1, %c1, %c1) { scf.reduce }
    return
  }
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @offset_grid(%m: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error @+1 {{expects the grid loop to start at 0 with step 1}}
    scf.parallel (%i) = (%c1) to (%c4) step (%c1) { scf.reduce }
    return
  }
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @dynamic_rows_per_block(%m: memref<?xf32>, %r: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{expects a constant number of rows per block}}
    scf.parallel (%i, %j) = (%c0, %c0) to (%c1, %r) step (%c1, %c1) { scf.reduce }
    return
  }
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @uneven_threads(%m: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
      scf.parallel (%t) = (%c0) to (%c4) step (%c1) { scf.reduce }
      // expected-error @+1 {{expects every thread loop of a row to have the same trip count, got 4 and 8}}
      scf.parallel (%t) = (%c0) to (%c8) step (%c1) { scf.reduce }
      scf.reduce
    }
    return
  }
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @three_threads(%m: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    // expected-error @+1 {{expects a power-of-two number of threads per row (butterfly reduction), got 3}}
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
      scf.parallel (%t) = (%c0) to (%c3) step (%c1) { scf.reduce }
      scf.reduce
    }
    return
  }
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  // expected-error @+1 {{expects argument #3 ('epsilon') to be an f32, got 'i32'}}
  func.func @epsilon_of_wrong_type(%x: memref<?x4xf32>, %w: memref<4xf32>, %y: memref<?x4xf32>, %s: i32) attributes {rownorm.kernel = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 4 : i64, roles = ["x", "w", "y", "epsilon"], schedule = {rows_per_block = 1 : i64, threads_per_row = 1 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) { scf.reduce }
    return
  }
}

// -----

// expected-error @+1 {{no target recorded: the enclosing module needs a 'rownorm.target' attribute}}
module {
  func.func @no_target(%m: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) { scf.reduce }
    return
  }
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  // expected-error @+1 {{expects 32-bit scalar reductions across threads, got 'f64'}}
  func.func @f64_reduction(%m: memref<?xf64>, %w: memref<4xf32>, %y: memref<?x4xf32>) attributes {rownorm.kernel = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 4 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 4 : i64, vector_width = 1 : i64, vectors_per_thread = 1 : i64}}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f64
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
      %s = scf.parallel (%t) = (%c0) to (%c4) step (%c1) init (%zero) -> f64 {
        %v = memref.load %m[%t] : memref<?xf64>
        scf.reduce(%v : f64) {
        ^bb0(%a: f64, %b: f64):
          %r = arith.addf %a, %b : f64
          scf.reduce.return %r : f64
        }
      }
      scf.reduce
    }
    return
  }
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  // expected-error @+1 {{expects 'rownorm.kernel' on kernel function @undescribed (recorded by rownorm-expand-ops when every argument plays a role in the op)}}
  func.func @undescribed(%m: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) { scf.reduce }
    return
  }
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  // expected-error @+1 {{expects argument #0 ('x') to be a memref, got 'f32'}}
  func.func @buffer_of_wrong_type(%x: f32, %w: memref<4xf32>, %y: memref<?x4xf32>) attributes {rownorm.kernel = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 4 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 1 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) { scf.reduce }
    return
  }
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @thread_loop_to_runtime_bound(%m: memref<?xf32>, %t: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
      // expected-error @+1 {{expects thread loops of the form scf.parallel (%t) = (0) to (constant) step (1)}}
      scf.parallel (%j) = (%c0) to (%t) step (%c1) { scf.reduce }
      scf.reduce
    }
    return
  }
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  // expected-error @+1 {{expects strided memref arguments, got 'memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>'}}
  func.func @non_strided_buffer(%x: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, %w: memref<4xf32>, %y: memref<4x4xf32>) attributes {rownorm.kernel = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 4 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], static_rows = 4 : i64, schedule = {rows_per_block = 1 : i64, threads_per_row = 1 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) { scf.reduce }
    return
  }
}

// -----

// A branch around thread loops (rownorm-version-rows' form) has no results:
// the thread code it holds writes rows, it does not return values.
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @branch_with_result(%m: memref<?x4xf32>, %w: memref<4xf32>) attributes {rownorm.kernel = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 4 : i64, epsilon = 1.0e-05 : f32, roles = ["xy", "w"], schedule = {rows_per_block = 1 : i64, threads_per_row = 1 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %rows = memref.dim %m, %c0 : memref<?x4xf32>
    scf.parallel (%b) = (%c0) to (%rows) step (%c1) {
      %c = arith.cmpi eq, %b, %c0 : index
      // expected-error @+1 {{expects a branch around thread loops to have no results}}
      %r = scf.if %c -> (index) {
        scf.parallel (%t) = (%c0) to (%c1) step (%c1) { scf.reduce }
        scf.yield %c0 : index
      } else {
        scf.yield %c1 : index
      }
      scf.reduce
    }
    return
  }
}
