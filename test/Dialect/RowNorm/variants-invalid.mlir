// Verifier messages of the kernel-for-many-rows attributes
// (rownorm-tile-rows, many-rows): rownorm.variants names kernels,
// rownorm.from_rows is a positive row count, both on functions; and the same
// fields of a kernel description.
// RUN: rmsnorm-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{'rownorm.variants' is an array of kernel names on a function}}
func.func @not_an_array() attributes {rownorm.variants = "k_many_rows"}

// -----

// expected-error @+1 {{'rownorm.variants' expects kernel names, got 3 : i64}}
func.func @not_a_name() attributes {rownorm.variants = [3]}

// -----

// expected-error @+1 {{'rownorm.variants' names "9lives", which cannot be a kernel}}
func.func @bad_name() attributes {rownorm.variants = ["9lives"]}

// -----

// expected-error @+1 {{'rownorm.from_rows' is a positive row count on a function}}
func.func @zero_rows() attributes {rownorm.from_rows = 0 : i64}

// -----

// expected-error @+1 {{'rownorm.from_rows' is a positive row count on a function}}
func.func @not_rows() attributes {rownorm.from_rows = "many"}

// -----

// expected-error @+1 {{'rownorm.from_rows' is a positive row count on a function}}
module attributes {rownorm.from_rows = 8 : i64} {
}

// -----

// expected-error @+1 {{'rownorm.kernel' 'variants' expects kernel names, got 1 : i64}}
func.func @description_bad_variant(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) attributes {rownorm.kernel = {op = "rms_norm", dtype = bf16, weight_dtype = bf16, n = 8192 : i64, schedule = {rows_per_block = 1 : i64, threads_per_row = 512 : i64, vector_width = 8 : i64, vectors_per_thread = 2 : i64}, roles = ["x", "w", "y"], epsilon = 1.0e-05 : f32, variants = [1]}} {
  return
}

// -----

// expected-error @+1 {{'rownorm.kernel' expects 'from_rows' to be at least 1, got 0 : i64}}
func.func @description_bad_from_rows(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) attributes {rownorm.kernel = {op = "rms_norm", dtype = bf16, weight_dtype = bf16, n = 8192 : i64, schedule = {rows_per_block = 1 : i64, threads_per_row = 512 : i64, vector_width = 8 : i64, vectors_per_thread = 2 : i64}, roles = ["x", "w", "y"], epsilon = 1.0e-05 : f32, from_rows = 0 : i64}} {
  return
}

// -----

// An index has no fixed width: refused, not read (it crashed the verifier).
// expected-error @+1 {{'rownorm.from_rows' is a positive row count on a function}}
func.func @index_rows() attributes {rownorm.from_rows = 5 : index}

// -----

// expected-error @+1 {{'rownorm.from_rows' is a positive row count on a function}}
func.func @unsigned_rows() attributes {rownorm.from_rows = 5 : ui64}

// -----

// expected-error @+1 {{'rownorm.variants' is an array of kernel names on a function}}
module attributes {rownorm.variants = ["k_many_rows"]} {
}

// -----

// expected-error @+1 {{'rownorm.kernel' 'variants' names "9lives", which cannot be a kernel}}
func.func @description_bad_variant_name(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) attributes {rownorm.kernel = {op = "rms_norm", dtype = bf16, weight_dtype = bf16, n = 8192 : i64, schedule = {rows_per_block = 1 : i64, threads_per_row = 512 : i64, vector_width = 8 : i64, vectors_per_thread = 2 : i64}, roles = ["x", "w", "y"], epsilon = 1.0e-05 : f32, variants = ["9lives"]}} {
  return
}

// -----

// Index-typed counts in a description are refused too (static_rows crashed).
// expected-error @+1 {{'rownorm.kernel' expects 'static_rows' to be a signless integer of at most 64 bits, got 5 : index}}
func.func @description_index_rows(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) attributes {rownorm.kernel = {op = "rms_norm", dtype = bf16, weight_dtype = bf16, n = 8192 : i64, schedule = {rows_per_block = 1 : i64, threads_per_row = 512 : i64, vector_width = 8 : i64, vectors_per_thread = 2 : i64}, roles = ["x", "w", "y"], epsilon = 1.0e-05 : f32, static_rows = 5 : index}} {
  return
}

// -----

// expected-error @+1 {{'rownorm.kernel' expects 'from_rows' to be a signless integer of at most 64 bits, got 5 : index}}
func.func @description_index_from_rows(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) attributes {rownorm.kernel = {op = "rms_norm", dtype = bf16, weight_dtype = bf16, n = 8192 : i64, schedule = {rows_per_block = 1 : i64, threads_per_row = 512 : i64, vector_width = 8 : i64, vectors_per_thread = 2 : i64}, roles = ["x", "w", "y"], epsilon = 1.0e-05 : f32, from_rows = 5 : index}} {
  return
}
