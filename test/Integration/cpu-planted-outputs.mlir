// One numerics reference for every caller: outputs planted at the tolerance,
// one ULP past it, and a NaN, for f32, f16 and bf16, get the same verdict
// from the CPU integration tests (this MLIR, through mlir-runner and
// librmsnorm_runtime.so), from rmsnorm-harness (its `check` mode, the code
// that judges GPU runs) and from Python (ctypes): only the first is accepted.
// Each prints "CALLER DTYPE CASE: MISMATCHES"; the same VERDICT lines are
// checked against each caller.
// REQUIRES: mlir-runner
// RUN: rmsnorm-opt %s | mlir-opt %{lower_to_cpu} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils,%rmsnorm_runtime_lib > %t.mlir.txt
// RUN: FileCheck %s --check-prefix=VERDICT -DCALLER=mlir < %t.mlir.txt
// RUN: %python %S/Inputs/planted_outputs.py %rmsnorm_runtime_lib %rmsnorm_obj_root/bin/rmsnorm-harness %t.files > %t.py.txt
// RUN: FileCheck %s --check-prefix=VERDICT -DCALLER=python < %t.py.txt
// RUN: FileCheck %s --check-prefix=VERDICT -DCALLER=harness < %t.py.txt

// VERDICT: [[CALLER]] f32 at-tolerance: 0
// VERDICT: [[CALLER]] f32 past-tolerance: 1
// VERDICT: [[CALLER]] f32 nan: 1
// VERDICT: [[CALLER]] f16 at-tolerance: 0
// VERDICT: [[CALLER]] f16 past-tolerance: 1
// VERDICT: [[CALLER]] f16 nan: 1
// VERDICT: [[CALLER]] bf16 at-tolerance: 0
// VERDICT: [[CALLER]] bf16 past-tolerance: 1
// VERDICT: [[CALLER]] bf16 nan: 1

func.func private @rmsnorm_reference(i32, i32, i64, i64, index, i64, index, index, i64, f64) -> i32
func.func private @rmsnorm_check(i32, i32, i64, i64, index, i64, index, index, i64, f64, index) -> i64
func.func private @rmsnorm_max_ulps(i32) -> i32

// x[i, j] = ((i * 131 + j * 71) mod 61 - 30) * scale in f32 (as the Python
// caller computes it), rounded to the element type.
func.func @pattern(%i: index, %j: index, %scale: f32) -> f32 {
  %c131 = arith.constant 131 : index
  %c71 = arith.constant 71 : index
  %c61 = arith.constant 61 : index
  %c30 = arith.constant 30 : index
  %a = arith.muli %i, %c131 : index
  %b = arith.muli %j, %c71 : index
  %s = arith.addi %a, %b : index
  %m = arith.remui %s, %c61 : index
  %d = arith.subi %m, %c30 : index
  %n = arith.index_cast %d : index to i64
  %f = arith.sitofp %n : i64 to f32
  %v = arith.mulf %f, %scale : f32
  return %v : f32
}

func.func @fill_f32(%m: memref<?x16xf32>, %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %rows = memref.dim %m, %c0 : memref<?x16xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %v = func.call @pattern(%i, %j, %scale) : (index, index, f32) -> f32
      memref.store %v, %m[%i, %j] : memref<?x16xf32>
    }
  }
  return
}

// Reference output of a 2 x 16 f32 problem, then element [0, 5] planted at
// the tolerance, one ULP past it, and NaN; each judged by rmsnorm_check.
func.func @plant_f32() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %null = arith.constant 0 : index
  %code = arith.constant 0 : i32
  %rows = arith.constant 2 : i64
  %n = arith.constant 16 : i64
  %eps32 = arith.constant 1.0e-05 : f32
  %eps = arith.extf %eps32 : f32 to f64
  %x = memref.alloc() : memref<2x16xf32>
  %w = memref.alloc() : memref<1x16xf32>
  %y = memref.alloc() : memref<2x16xi32>
  %xd = memref.cast %x : memref<2x16xf32> to memref<?x16xf32>
  %wd = memref.cast %w : memref<1x16xf32> to memref<?x16xf32>
  %s1 = arith.constant 0.1 : f32
  %s2 = arith.constant 0.01 : f32
  func.call @fill_f32(%xd, %s1) : (memref<?x16xf32>, f32) -> ()
  func.call @fill_f32(%wd, %s2) : (memref<?x16xf32>, f32) -> ()
  %xa = memref.extract_aligned_pointer_as_index %x : memref<2x16xf32> -> index
  %wa = memref.extract_aligned_pointer_as_index %w : memref<1x16xf32> -> index
  %ya = memref.extract_aligned_pointer_as_index %y : memref<2x16xi32> -> index
  %r = func.call @rmsnorm_reference(%code, %code, %rows, %n, %xa, %n, %wa, %ya, %n, %eps) : (i32, i32, i64, i64, index, i64, index, index, i64, f64) -> i32
  %tol32 = func.call @rmsnorm_max_ulps(%code) : (i32) -> i32
  %zero32 = arith.constant 0 : i32
  %tol = arith.addi %tol32, %zero32 : i32
  %one = arith.constant 1 : i32
  %base = memref.load %y[%c0, %c5] : memref<2x16xi32>
  %at = arith.addi %base, %tol : i32
  memref.store %at, %y[%c0, %c5] : memref<2x16xi32>
  %m1 = func.call @rmsnorm_check(%code, %code, %rows, %n, %xa, %n, %wa, %ya, %n, %eps, %null) : (i32, i32, i64, i64, index, i64, index, index, i64, f64, index) -> i64
  vector.print str "mlir f32 at-tolerance: "
  vector.print %m1 : i64
  %past = arith.addi %at, %one : i32
  memref.store %past, %y[%c0, %c5] : memref<2x16xi32>
  %m2 = func.call @rmsnorm_check(%code, %code, %rows, %n, %xa, %n, %wa, %ya, %n, %eps, %null) : (i32, i32, i64, i64, index, i64, index, index, i64, f64, index) -> i64
  vector.print str "mlir f32 past-tolerance: "
  vector.print %m2 : i64
  %nan = arith.constant 0x7FC00000 : i32
  memref.store %nan, %y[%c0, %c5] : memref<2x16xi32>
  %m3 = func.call @rmsnorm_check(%code, %code, %rows, %n, %xa, %n, %wa, %ya, %n, %eps, %null) : (i32, i32, i64, i64, index, i64, index, index, i64, f64, index) -> i64
  vector.print str "mlir f32 nan: "
  vector.print %m3 : i64
  return
}

func.func @fill_f16(%m: memref<?x16xf16>, %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %rows = memref.dim %m, %c0 : memref<?x16xf16>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %v = func.call @pattern(%i, %j, %scale) : (index, index, f32) -> f32
      %h = arith.truncf %v : f32 to f16
      memref.store %h, %m[%i, %j] : memref<?x16xf16>
    }
  }
  return
}

// Reference output of a 2 x 16 f16 problem, then element [0, 5] planted at
// the tolerance, one ULP past it, and NaN; each judged by rmsnorm_check.
func.func @plant_f16() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %null = arith.constant 0 : index
  %code = arith.constant 1 : i32
  %rows = arith.constant 2 : i64
  %n = arith.constant 16 : i64
  %eps32 = arith.constant 1.0e-05 : f32
  %eps = arith.extf %eps32 : f32 to f64
  %x = memref.alloc() : memref<2x16xf16>
  %w = memref.alloc() : memref<1x16xf16>
  %y = memref.alloc() : memref<2x16xi16>
  %xd = memref.cast %x : memref<2x16xf16> to memref<?x16xf16>
  %wd = memref.cast %w : memref<1x16xf16> to memref<?x16xf16>
  %s1 = arith.constant 0.1 : f32
  %s2 = arith.constant 0.01 : f32
  func.call @fill_f16(%xd, %s1) : (memref<?x16xf16>, f32) -> ()
  func.call @fill_f16(%wd, %s2) : (memref<?x16xf16>, f32) -> ()
  %xa = memref.extract_aligned_pointer_as_index %x : memref<2x16xf16> -> index
  %wa = memref.extract_aligned_pointer_as_index %w : memref<1x16xf16> -> index
  %ya = memref.extract_aligned_pointer_as_index %y : memref<2x16xi16> -> index
  %r = func.call @rmsnorm_reference(%code, %code, %rows, %n, %xa, %n, %wa, %ya, %n, %eps) : (i32, i32, i64, i64, index, i64, index, index, i64, f64) -> i32
  %tol32 = func.call @rmsnorm_max_ulps(%code) : (i32) -> i32
  %tol = arith.trunci %tol32 : i32 to i16
  %one = arith.constant 1 : i16
  %base = memref.load %y[%c0, %c5] : memref<2x16xi16>
  %at = arith.addi %base, %tol : i16
  memref.store %at, %y[%c0, %c5] : memref<2x16xi16>
  %m1 = func.call @rmsnorm_check(%code, %code, %rows, %n, %xa, %n, %wa, %ya, %n, %eps, %null) : (i32, i32, i64, i64, index, i64, index, index, i64, f64, index) -> i64
  vector.print str "mlir f16 at-tolerance: "
  vector.print %m1 : i64
  %past = arith.addi %at, %one : i16
  memref.store %past, %y[%c0, %c5] : memref<2x16xi16>
  %m2 = func.call @rmsnorm_check(%code, %code, %rows, %n, %xa, %n, %wa, %ya, %n, %eps, %null) : (i32, i32, i64, i64, index, i64, index, index, i64, f64, index) -> i64
  vector.print str "mlir f16 past-tolerance: "
  vector.print %m2 : i64
  %nan = arith.constant 0x7E00 : i16
  memref.store %nan, %y[%c0, %c5] : memref<2x16xi16>
  %m3 = func.call @rmsnorm_check(%code, %code, %rows, %n, %xa, %n, %wa, %ya, %n, %eps, %null) : (i32, i32, i64, i64, index, i64, index, index, i64, f64, index) -> i64
  vector.print str "mlir f16 nan: "
  vector.print %m3 : i64
  return
}

func.func @fill_bf16(%m: memref<?x16xbf16>, %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %rows = memref.dim %m, %c0 : memref<?x16xbf16>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %v = func.call @pattern(%i, %j, %scale) : (index, index, f32) -> f32
      %h = arith.truncf %v : f32 to bf16
      memref.store %h, %m[%i, %j] : memref<?x16xbf16>
    }
  }
  return
}

// Reference output of a 2 x 16 bf16 problem, then element [0, 5] planted at
// the tolerance, one ULP past it, and NaN; each judged by rmsnorm_check.
func.func @plant_bf16() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %null = arith.constant 0 : index
  %code = arith.constant 2 : i32
  %rows = arith.constant 2 : i64
  %n = arith.constant 16 : i64
  %eps32 = arith.constant 1.0e-05 : f32
  %eps = arith.extf %eps32 : f32 to f64
  %x = memref.alloc() : memref<2x16xbf16>
  %w = memref.alloc() : memref<1x16xbf16>
  %y = memref.alloc() : memref<2x16xi16>
  %xd = memref.cast %x : memref<2x16xbf16> to memref<?x16xbf16>
  %wd = memref.cast %w : memref<1x16xbf16> to memref<?x16xbf16>
  %s1 = arith.constant 0.1 : f32
  %s2 = arith.constant 0.01 : f32
  func.call @fill_bf16(%xd, %s1) : (memref<?x16xbf16>, f32) -> ()
  func.call @fill_bf16(%wd, %s2) : (memref<?x16xbf16>, f32) -> ()
  %xa = memref.extract_aligned_pointer_as_index %x : memref<2x16xbf16> -> index
  %wa = memref.extract_aligned_pointer_as_index %w : memref<1x16xbf16> -> index
  %ya = memref.extract_aligned_pointer_as_index %y : memref<2x16xi16> -> index
  %r = func.call @rmsnorm_reference(%code, %code, %rows, %n, %xa, %n, %wa, %ya, %n, %eps) : (i32, i32, i64, i64, index, i64, index, index, i64, f64) -> i32
  %tol32 = func.call @rmsnorm_max_ulps(%code) : (i32) -> i32
  %tol = arith.trunci %tol32 : i32 to i16
  %one = arith.constant 1 : i16
  %base = memref.load %y[%c0, %c5] : memref<2x16xi16>
  %at = arith.addi %base, %tol : i16
  memref.store %at, %y[%c0, %c5] : memref<2x16xi16>
  %m1 = func.call @rmsnorm_check(%code, %code, %rows, %n, %xa, %n, %wa, %ya, %n, %eps, %null) : (i32, i32, i64, i64, index, i64, index, index, i64, f64, index) -> i64
  vector.print str "mlir bf16 at-tolerance: "
  vector.print %m1 : i64
  %past = arith.addi %at, %one : i16
  memref.store %past, %y[%c0, %c5] : memref<2x16xi16>
  %m2 = func.call @rmsnorm_check(%code, %code, %rows, %n, %xa, %n, %wa, %ya, %n, %eps, %null) : (i32, i32, i64, i64, index, i64, index, index, i64, f64, index) -> i64
  vector.print str "mlir bf16 past-tolerance: "
  vector.print %m2 : i64
  %nan = arith.constant 0x7FC0 : i16
  memref.store %nan, %y[%c0, %c5] : memref<2x16xi16>
  %m3 = func.call @rmsnorm_check(%code, %code, %rows, %n, %xa, %n, %wa, %ya, %n, %eps, %null) : (i32, i32, i64, i64, index, i64, index, index, i64, f64, index) -> i64
  vector.print str "mlir bf16 nan: "
  vector.print %m3 : i64
  return
}

func.func @main() {
  func.call @plant_f32() : () -> ()
  func.call @plant_f16() : () -> ()
  func.call @plant_bf16() : () -> ()
  return
}
