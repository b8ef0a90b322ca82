// rownorm-check-kernels refuses, before anything is converted, the names of
// functions that cannot name a kernel: the name becomes the kernel's symbol
// (PTX, ELF, C) and its file names, so it must be [A-Za-z][A-Za-z0-9_]*, at
// most 200 characters, and differ from the others beyond letter case.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-check-kernels --verify-diagnostics
// The target pipelines run the check first: the same errors, nothing else.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-to-ptx-pipeline --verify-diagnostics
// RUN: rmsnorm-opt %s --split-input-file --rownorm-to-amdgcn-pipeline --verify-diagnostics

// -----

// expected-error @+1 {{function @rms.v2 cannot become a kernel: kernel names hold only letters, digits and '_'}}
func.func @"rms.v2"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// expected-error @+1 {{function @"" cannot become a kernel: a kernel needs a name}}
func.func @""(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// expected-error @+1 {{function @"../../../escaped" cannot become a kernel: kernel names start with a letter}}
func.func @"../../../escaped"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// expected-error @+1 {{function @"with space" cannot become a kernel: kernel names hold only letters, digits and '_'}}
func.func @"with space"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// expected-error @+1 {{function @"a-b" cannot become a kernel: kernel names hold only letters, digits and '_'}}
func.func @"a-b"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// expected-error @+1 {{function @"quo\22te" cannot become a kernel: kernel names hold only letters, digits and '_'}}
func.func @"quo\"te"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// expected-error @+1 {{function @"na\C3\AFve" cannot become a kernel: kernel names hold only letters, digits and '_'}}
func.func @"na\C3\AFve"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// expected-error @+1 {{function @_leading_underscore cannot become a kernel: kernel names start with a letter}}
func.func @_leading_underscore(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// expected-error @+1 {{function @"9lives" cannot become a kernel: kernel names start with a letter}}
func.func @"9lives"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// expected-error @+1 {{function @"a/b" cannot become a kernel: kernel names hold only letters, digits and '_'}}
func.func @"a/b"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// expected-error @+1 {{function @kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk cannot become a kernel: kernel names have at most 200 characters, got 201}}
func.func @kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// Names that differ only in letter case would write the same files on a
// case-insensitive file system.
func.func @RmsNorm(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// expected-error @+1 {{kernels @RmsNorm and @rmsnorm differ only in letter case: their files would collide}}
func.func @rmsnorm(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// The marks rownorm-version-rows leaves for later passes are the compiler's:
// rownorm-stage-rows would take a source's own branch for a template never
// run.
func.func @marked(%x: memref<?x127xbf16>, %w: memref<127xbf16>, %y: memref<?x127xbf16>, %eps: f32) {
  %zero = arith.constant 0.0 : f32
  %positive = arith.cmpf ogt, %eps, %zero : f32
  // expected-error @+1 {{'rownorm.versioned_rows' is set by rownorm-version-rows; a kernel source cannot carry it}}
  scf.if %positive {
  } else {
  } {rownorm.staging_template, rownorm.versioned_rows}
  rownorm.rms_norm ins(%x : memref<?x127xbf16>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16>) epsilon(%eps)
  return
}
