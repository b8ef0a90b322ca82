// The launch contract (rownorm.launch) is checked field by field by the
// dialect's verifier, so a hand-edited contract is refused with a reason
// instead of reaching a manifest.
// RUN: rmsnorm-opt %s --split-input-file --verify-diagnostics

// -----

// the contract is a dictionary
// expected-error @+1 {{'rownorm.launch' expects a dictionary, got 4 : i64}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = 4 : i64} {
  return
}

// -----

// every field is there
// expected-error @+1 {{'rownorm.launch' has no 'params'}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// fields have their kind
// expected-error @+1 {{'rownorm.launch' has a 'n' of the wrong kind: "8"}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = "8", epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64}} {
  return
}

// -----

// the op is known
// expected-error @+1 {{'rownorm.launch' describes an unknown op 'layer_norm'}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "layer_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// element types are rownorm's
// expected-error @+1 {{'rownorm.launch' expects dtype f32, f16 or bf16, got 'f64'}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f64, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// the weight is x's type or f32
// expected-error @+1 {{'rownorm.launch' expects weight_dtype 'bf16' or f32, got 'f16'}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = bf16, weight_dtype = f16, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// epsilon is positive
// expected-error @+1 {{'rownorm.launch' expects a positive, finite f32 epsilon, got -1.000000e+00 : f32}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = -1.0 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// N is at least 1
// expected-error @+1 {{'rownorm.launch' expects 'n' to be at least 1, got 0 : i64}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 0 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 0 : i64, y = 0 : i64}}} {
  return
}

// -----

// the schedule's fields are positive
// expected-error @+1 {{'schedule' expects 'threads_per_row' to be at least 1, got 0 : i64}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 0 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// the schedule is a #rownorm.schedule
// expected-error @+1 {{expects threads_per_row to be a power of two, got 3}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 3 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// the schedule covers the row
// expected-error @+1 {{'rownorm.launch' has a schedule that does not cover a row of 8 elements: #rownorm.schedule<rows_per_block = 1, threads_per_row = 2, vector_width = 4, vectors_per_thread = 2>}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// roles are known
// expected-error @+1 {{'rownorm.launch' has an unknown role "z" (known: x, w, y, xy, epsilon)}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "z"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64}}} {
  return
}

// -----

// w and x/y or xy
// expected-error @+1 {{'rownorm.launch' expects the roles w once and either x and y or xy once, got ["x", "y"]}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// one epsilon
// expected-error @+1 {{'rownorm.launch' has both a built-in epsilon and an 'epsilon' argument}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y", "epsilon"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// an epsilon
// expected-error @+1 {{'rownorm.launch' has neither a built-in epsilon nor an 'epsilon' argument}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// the block follows the schedule
// expected-error @+1 {{'rownorm.launch' expects block (2, 1, 1) for its schedule, got array<i64: 64, 1, 1>}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 64, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// rows per block follow the schedule
// expected-error @+1 {{'rownorm.launch' expects rows_per_block 1 for its schedule, got 4}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 4 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// parameters are dictionaries
// expected-error @+1 {{'rownorm.launch' expects dictionaries in 'params', got 1 : i64}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [1], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// parameter kinds
// expected-error @+1 {{'rownorm.launch' has a parameter kind "value" (pointer, scalar)}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "value", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// parameter names are unique
// expected-error @+1 {{'rownorm.launch' names parameter 'x' twice}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "x", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// parameter names are known
// expected-error @+1 {{'rownorm.launch' has an unknown parameter 'scale'}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "scale", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// a parameter's type follows its name
// expected-error @+1 {{'rownorm.launch' expects parameter 'x' to be a pointer to 'f32'}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f16, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// a pointer's access follows its name
// expected-error @+1 {{'rownorm.launch' expects access "write" for 'y', got "read"}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "read"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// every role has a parameter
// expected-error @+1 {{'rownorm.launch' has no parameter for its argument 'w'}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// rows: a parameter or static
// expected-error @+1 {{'rownorm.launch' has a 'rows' parameter and static rows}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_rows = 8 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// no dynamic shared memory
// expected-error @+1 {{'rownorm.launch' expects no dynamic shared memory, got 64 bytes}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 64 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// alignments are powers of two
// expected-error @+1 {{'rownorm.launch' expects power-of-two alignments}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 12 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// one parameter per function argument
// expected-error @+1 {{'rownorm.launch' has 4 parameters for 3 arguments}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// the kernel's name is usable
// expected-error @+1 {{kernel @k.v2 has a launch contract but cannot be emitted: kernel names hold only letters, digits and '_'}}
func.func @"k.v2"(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// the contract belongs on a function
// expected-error @+1 {{'rownorm.launch' belongs on a function, not on 'builtin.module'}}
module attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
}

// -----

// rownorm.kernel: one role per argument
// expected-error @+1 {{'rownorm.kernel' has 3 roles for 4 arguments}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.kernel = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}}} {
  return
}

// -----

// rownorm.kernel is checked like the launch contract
// expected-error @+1 {{'rownorm.kernel' describes an unknown op 'layer_norm'}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.kernel = {op = "layer_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}}} {
  return
}

// -----

// A complete, consistent contract verifies.
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// a row stride is a parameter or compiled in (then the contract says how
// far apart the rows are, for a loader to check a caller's stride): never
// neither
// expected-error @+1 {{'rownorm.launch' has neither a 'y_row_stride' parameter nor a static row stride for 'y'}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64, %xs: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}, {name = "x_row_stride", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64}} {
  return
}

// -----

// ... nor both
// expected-error @+1 {{'rownorm.launch' has both a 'x_row_stride' parameter and a static row stride for 'x'}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64, %xs: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}, {name = "x_row_stride", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// a static row stride holds a row
// expected-error @+1 {{'static_row_strides' expects 'y' to be at least 8, got 4 : i64}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64, %xs: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}, {name = "x_row_stride", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {y = 4 : i64}}} {
  return
}

// -----

// ... and is at most 2^53 (the manifest carries it as a JSON number)
// expected-error @+1 {{'rownorm.launch' has a static row stride for 'y' beyond 2^53 elements: 9007199254740993}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64, %xs: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}, {name = "x_row_stride", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {y = 9007199254740993 : i64}}} {
  return
}

// -----

// ... and is a signless integer (16 : ui64 read as "at least 8, got 16" before)
// expected-error @+1 {{'static_row_strides' expects 'y' to be a signless integer of at most 64 bits, got 16 : ui64}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64, %xs: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}, {name = "x_row_stride", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {y = 16 : ui64}}} {
  return
}

// -----

// only rows have row strides
// expected-error @+1 {{'rownorm.launch' has a static row stride for 'w', which is not one of its rows' roles}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64, %xs: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}, {name = "x_row_stride", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {w = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// the strides are a dictionary
// expected-error @+1 {{'rownorm.launch' has a 'static_row_strides' of the wrong kind: [8]}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64, %xs: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}, {name = "x_row_stride", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = [8]}} {
  return
}

// -----

// A contract with one row stride a parameter and one compiled in verifies.
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64, %xs: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}, {name = "x_row_stride", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {y = 16 : i64}}} {
  return
}

// -----

// launch_overlap is a flag (present: the kernel waits for the previous one)
// expected-error @+1 {{'rownorm.launch' has a 'launch_overlap' of the wrong kind: true}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>, %rows: i64) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}, launch_overlap = true}} {
  return
}

// -----

// the target's grid limit is part of the contract
// expected-error @+1 {{'rownorm.launch' has no 'max_blocks'}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// a grid holds at least one block
// expected-error @+1 {{'rownorm.launch' expects 'max_blocks' to be at least 1, got 0 : i64}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 0 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// no target launches more than 2^31 - 1 blocks along x
// expected-error @+1 {{'rownorm.launch' expects 'max_blocks' to be at most 2^31 - 1, got 2147483648}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 1 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 1, 1>, rows_per_block = 1 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}, {name = "rows", kind = "scalar", type = i64}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 2147483648 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// a static M must fit the grid: 13 rows need 4 blocks of 4, max_blocks is 3
// expected-error @+1 {{'rownorm.launch' has static rows (13) that need more than max_blocks (3) blocks of 4 rows}}
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 4 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 4, 1>, rows_per_block = 4 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 3 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_rows = 13 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}

// -----

// a static M that exactly fills max_blocks blocks: 12 rows in 3 blocks of 4
func.func @k(%x: memref<1xf32>, %w: memref<1xf32>, %y: memref<1xf32>) attributes {rownorm.launch = {op = "rms_norm", dtype = f32, weight_dtype = f32, n = 8 : i64, epsilon = 1.0e-05 : f32, roles = ["x", "w", "y"], schedule = {rows_per_block = 4 : i64, threads_per_row = 2 : i64, vector_width = 4 : i64, vectors_per_thread = 1 : i64}, block = array<i64: 2, 4, 1>, rows_per_block = 4 : i64, params = [{name = "x", kind = "pointer", type = f32, access = "read"}, {name = "w", kind = "pointer", type = f32, access = "read"}, {name = "y", kind = "pointer", type = f32, access = "write"}], static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64, max_blocks = 3 : i64, base_pointer_alignment = 16 : i64, row_alignment = 16 : i64, static_rows = 12 : i64, static_row_strides = {x = 8 : i64, y = 8 : i64}}} {
  return
}
