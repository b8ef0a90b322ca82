// Verifier messages of the schedule attribute, of `rownorm.target` and of the
// marks on operations (rownorm.reload, rownorm.versioned_rows,
// rownorm.staging_template).
// RUN: rmsnorm-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{expects threads_per_row to be a power of two, got 48}}
func.func @threads_not_power_of_two() attributes {rownorm_test.s = #rownorm.schedule<rows_per_block = 1, threads_per_row = 48, vector_width = 8, vectors_per_thread = 1>}

// -----

// expected-error @+1 {{expects vector_width to be a power of two, got 6}}
func.func @vector_width_not_power_of_two() attributes {rownorm_test.s = #rownorm.schedule<rows_per_block = 1, threads_per_row = 32, vector_width = 6, vectors_per_thread = 1>}

// -----

// expected-error @+1 {{expects rows_per_block to be at least 1, got 0}}
func.func @no_rows() attributes {rownorm_test.s = #rownorm.schedule<rows_per_block = 0, threads_per_row = 32, vector_width = 8, vectors_per_thread = 1>}

// -----

// expected-error @+1 {{expects vectors_per_thread to be at least 1, got -1}}
func.func @negative_vectors() attributes {rownorm_test.s = #rownorm.schedule<rows_per_block = 1, threads_per_row = 32, vector_width = 8, vectors_per_thread = -1>}

// -----

// A schedule names all four parameters.
// expected-error @+1 {{expected ','}}
func.func @missing_parameter() attributes {rownorm_test.s = #rownorm.schedule<rows_per_block = 1, threads_per_row = 32, vector_width = 8>}

// -----

// expected-error @+1 {{'rownorm.target' belongs on a builtin.module, not on 'func.func'}}
func.func @target_on_function() attributes {rownorm.target = #nvvm.target<chip = "sm_90">}

// -----

// expected-error @+1 {{'rownorm.target' expects a GPU target attribute that has a rownorm target description, got "sm_90"}}
module attributes {rownorm.target = "sm_90"} {}

// -----

// expected-error @+1 {{cannot compile for #nvvm.target<chip = "sm_80">: no rownorm target description for chip 'sm_80' (described chips: sm_90, sm_90a)}}
module attributes {rownorm.target = #nvvm.target<chip = "sm_80">} {}

// -----

// expected-error @+1 {{cannot compile for #rocdl.target<chip = "gfx90a">: no rownorm target description for chip 'gfx90a' (described chips: gfx942)}}
module attributes {rownorm.target = #rocdl.target<chip = "gfx90a">} {}

// -----

// Another triple of the vendor: the 32-bit one.
// expected-error @+1 {{cannot compile for #nvvm.target<triple = "nvptx-nvidia-cuda", chip = "sm_90">: rownorm generates code for the triple 'nvptx64-nvidia-cuda', got 'nvptx-nvidia-cuda'}}
module attributes {rownorm.target = #nvvm.target<triple = "nvptx-nvidia-cuda", chip = "sm_90">} {}

// -----

// expected-error @+1 {{cannot compile for #rocdl.target<triple = "amdgcn-amd-amdpal", chip = "gfx942">: rownorm generates code for the triple 'amdgcn-amd-amdhsa', got 'amdgcn-amd-amdpal'}}
module attributes {rownorm.target = #rocdl.target<triple = "amdgcn-amd-amdpal", chip = "gfx942">} {}

// -----

// expected-error @+1 {{unknown rownorm attribute 'rownorm.tgt'}}
module attributes {rownorm.tgt = #nvvm.target<chip = "sm_90">} {}

// -----

// rownorm.reload marks a load (one result) and carries no value.
func.func @reload_value(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'rownorm.reload' is a unit attribute of a load}}
  %v = vector.load %m[%c0] {rownorm.reload = 1 : i64} : memref<4xf32>, vector<4xf32>
  return
}

// -----

func.func @reload_store(%m: memref<4xf32>, %v: vector<4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'rownorm.reload' is a unit attribute of a load}}
  vector.store %v, %m[%c0] {rownorm.reload} : memref<4xf32>, vector<4xf32>
  return
}

// -----

// rownorm.versioned_rows marks rownorm-version-rows' scf.if, which has an
// else region (the copy for rows of unknown alignment), and carries no value.
func.func @versioned_rows_no_else(%c: i1) {
  // expected-error @+1 {{'rownorm.versioned_rows' is a unit attribute of an scf.if with an else region}}
  scf.if %c {
  } {rownorm.versioned_rows}
  return
}

// -----

func.func @versioned_rows_value(%c: i1) {
  // expected-error @+1 {{'rownorm.versioned_rows' is a unit attribute of an scf.if with an else region}}
  scf.if %c {
  } else {
  } {rownorm.versioned_rows = 1 : i64}
  return
}

// -----

// rownorm.staging_template marks only rownorm-version-rows' scf.if (beside
// rownorm.versioned_rows), and carries no value.
func.func @staging_template_alone(%c: i1) {
  // expected-error @+1 {{'rownorm.staging_template' is a unit attribute of an scf.if that has 'rownorm.versioned_rows'}}
  scf.if %c {
  } else {
  } {rownorm.staging_template}
  return
}

// -----

func.func @staging_template_value(%c: i1) {
  // expected-error @+1 {{'rownorm.staging_template' is a unit attribute of an scf.if that has 'rownorm.versioned_rows'}}
  scf.if %c {
  } else {
  } {rownorm.versioned_rows, rownorm.staging_template = true}
  return
}

// -----

func.func @versioned_rows_not_if(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'rownorm.versioned_rows' is a unit attribute of an scf.if with an else region}}
  %v = vector.load %m[%c0] {rownorm.versioned_rows} : memref<4xf32>, vector<4xf32>
  return
}
