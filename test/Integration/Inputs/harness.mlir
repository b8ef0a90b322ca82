// Shared CPU harness of the integration tests: input generation, widening of
// results to f32, the check against the project's numerics reference
// (librmsnorm_runtime.so) and a guard-band check. Appended to
// each test (`cat`), so it goes through the same pipeline; it holds no
// f16/bf16 reductions and no vector accesses, so the passes leave it alone.

// x[i, j] = ((i * 131 + j * 71) mod 61 - 30) * scale, rounded to the type.
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

func.func @fill_f32(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>, %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %cols = memref.dim %m, %c1 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %v = func.call @pattern(%i, %j, %scale) : (index, index, f32) -> f32
      memref.store %v, %m[%i, %j] : memref<?x?xf32, strided<[?, ?], offset: ?>>
    }
  }
  return
}

func.func @fill_f16(%m: memref<?x?xf16, strided<[?, ?], offset: ?>>, %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf16, strided<[?, ?], offset: ?>>
  %cols = memref.dim %m, %c1 : memref<?x?xf16, strided<[?, ?], offset: ?>>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %v = func.call @pattern(%i, %j, %scale) : (index, index, f32) -> f32
      %h = arith.truncf %v : f32 to f16
      memref.store %h, %m[%i, %j] : memref<?x?xf16, strided<[?, ?], offset: ?>>
    }
  }
  return
}

func.func @fill_bf16(%m: memref<?x?xbf16, strided<[?, ?], offset: ?>>, %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %cols = memref.dim %m, %c1 : memref<?x?xbf16, strided<[?, ?], offset: ?>>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %v = func.call @pattern(%i, %j, %scale) : (index, index, f32) -> f32
      %h = arith.truncf %v : f32 to bf16
      memref.store %h, %m[%i, %j] : memref<?x?xbf16, strided<[?, ?], offset: ?>>
    }
  }
  return
}

func.func @widen_f16(%src: memref<?x?xf16, strided<[?, ?], offset: ?>>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %src, %c0 : memref<?x?xf16, strided<[?, ?], offset: ?>>
  %cols = memref.dim %src, %c1 : memref<?x?xf16, strided<[?, ?], offset: ?>>
  %dst = memref.alloc(%rows, %cols) : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %h = memref.load %src[%i, %j] : memref<?x?xf16, strided<[?, ?], offset: ?>>
      %f = arith.extf %h : f16 to f32
      memref.store %f, %dst[%i, %j] : memref<?x?xf32>
    }
  }
  return %dst : memref<?x?xf32>
}

func.func @widen_bf16(%src: memref<?x?xbf16, strided<[?, ?], offset: ?>>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %src, %c0 : memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %cols = memref.dim %src, %c1 : memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %dst = memref.alloc(%rows, %cols) : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %h = memref.load %src[%i, %j] : memref<?x?xbf16, strided<[?, ?], offset: ?>>
      %f = arith.extf %h : bf16 to f32
      memref.store %f, %dst[%i, %j] : memref<?x?xf32>
    }
  }
  return %dst : memref<?x?xf32>
}

// The project's one numerics reference and tolerance rule (lib/Runtime,
// exported by librmsnorm_runtime.so, which mlir-runner loads with
// -shared-libs): compares y with the fp64 reference of
// x * rsqrt(mean(x^2) + eps) * w within the contract's ULPs, prints
// "rmsnorm_check: M mismatches of C checked, max U ULP" (and the first miss)
// and returns M. Element type codes: 0 f32, 1 f16, 2 bf16; data are passed
// as the address of element [0, 0] and row strides in elements.
func.func private @rmsnorm_check_print(i32, i32, i64, i64, index, i64, index, index, i64, f64) -> i64

// Address of element [0, 0] of a 2-D view and its row stride in elements.
func.func @view_f32(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>) -> (index, i64) {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
  %pointer = memref.extract_aligned_pointer_as_index %m : memref<?x?xf32, strided<[?, ?], offset: ?>> -> index
  %bytes = arith.constant 4 : index
  %skip = arith.muli %offset, %bytes : index
  %address = arith.addi %pointer, %skip : index
  %stride = arith.index_cast %strides#0 : index to i64
  return %address, %stride : index, i64
}

// Address of element [0, 0] of a 2-D view and its row stride in elements.
func.func @view_f16(%m: memref<?x?xf16, strided<[?, ?], offset: ?>>) -> (index, i64) {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x?xf16, strided<[?, ?], offset: ?>> -> memref<f16>, index, index, index, index, index
  %pointer = memref.extract_aligned_pointer_as_index %m : memref<?x?xf16, strided<[?, ?], offset: ?>> -> index
  %bytes = arith.constant 2 : index
  %skip = arith.muli %offset, %bytes : index
  %address = arith.addi %pointer, %skip : index
  %stride = arith.index_cast %strides#0 : index to i64
  return %address, %stride : index, i64
}

// Address of element [0, 0] of a 2-D view and its row stride in elements.
func.func @view_bf16(%m: memref<?x?xbf16, strided<[?, ?], offset: ?>>) -> (index, i64) {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x?xbf16, strided<[?, ?], offset: ?>> -> memref<bf16>, index, index, index, index, index
  %pointer = memref.extract_aligned_pointer_as_index %m : memref<?x?xbf16, strided<[?, ?], offset: ?>> -> index
  %bytes = arith.constant 2 : index
  %skip = arith.muli %offset, %bytes : index
  %address = arith.addi %pointer, %skip : index
  %stride = arith.index_cast %strides#0 : index to i64
  return %address, %stride : index, i64
}

// Checks y against the reference of x and w: f32 rows, f32 weight.
func.func @check_f32_f32(%x: memref<?x?xf32, strided<[?, ?], offset: ?>>, %w: memref<?x?xf32, strided<[?, ?], offset: ?>>, %y: memref<?x?xf32, strided<[?, ?], offset: ?>>, %eps: f64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %xa, %xs = func.call @view_f32(%x) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> (index, i64)
  %wa, %ws = func.call @view_f32(%w) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> (index, i64)
  %ya, %ys = func.call @view_f32(%y) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> (index, i64)
  %rows = memref.dim %y, %c0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %cols = memref.dim %y, %c1 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %m = arith.index_cast %rows : index to i64
  %n = arith.index_cast %cols : index to i64
  %dt = arith.constant 0 : i32
  %wdt = arith.constant 0 : i32
  %bad = func.call @rmsnorm_check_print(%dt, %wdt, %m, %n, %xa, %xs, %wa, %ya, %ys, %eps) : (i32, i32, i64, i64, index, i64, index, index, i64, f64) -> i64
  return %bad : i64
}

// Checks y against the reference of x and w: f16 rows, f16 weight.
func.func @check_f16_f16(%x: memref<?x?xf16, strided<[?, ?], offset: ?>>, %w: memref<?x?xf16, strided<[?, ?], offset: ?>>, %y: memref<?x?xf16, strided<[?, ?], offset: ?>>, %eps: f64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %xa, %xs = func.call @view_f16(%x) : (memref<?x?xf16, strided<[?, ?], offset: ?>>) -> (index, i64)
  %wa, %ws = func.call @view_f16(%w) : (memref<?x?xf16, strided<[?, ?], offset: ?>>) -> (index, i64)
  %ya, %ys = func.call @view_f16(%y) : (memref<?x?xf16, strided<[?, ?], offset: ?>>) -> (index, i64)
  %rows = memref.dim %y, %c0 : memref<?x?xf16, strided<[?, ?], offset: ?>>
  %cols = memref.dim %y, %c1 : memref<?x?xf16, strided<[?, ?], offset: ?>>
  %m = arith.index_cast %rows : index to i64
  %n = arith.index_cast %cols : index to i64
  %dt = arith.constant 1 : i32
  %wdt = arith.constant 1 : i32
  %bad = func.call @rmsnorm_check_print(%dt, %wdt, %m, %n, %xa, %xs, %wa, %ya, %ys, %eps) : (i32, i32, i64, i64, index, i64, index, index, i64, f64) -> i64
  return %bad : i64
}

// Checks y against the reference of x and w: f16 rows, f32 weight.
func.func @check_f16_f32(%x: memref<?x?xf16, strided<[?, ?], offset: ?>>, %w: memref<?x?xf32, strided<[?, ?], offset: ?>>, %y: memref<?x?xf16, strided<[?, ?], offset: ?>>, %eps: f64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %xa, %xs = func.call @view_f16(%x) : (memref<?x?xf16, strided<[?, ?], offset: ?>>) -> (index, i64)
  %wa, %ws = func.call @view_f32(%w) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> (index, i64)
  %ya, %ys = func.call @view_f16(%y) : (memref<?x?xf16, strided<[?, ?], offset: ?>>) -> (index, i64)
  %rows = memref.dim %y, %c0 : memref<?x?xf16, strided<[?, ?], offset: ?>>
  %cols = memref.dim %y, %c1 : memref<?x?xf16, strided<[?, ?], offset: ?>>
  %m = arith.index_cast %rows : index to i64
  %n = arith.index_cast %cols : index to i64
  %dt = arith.constant 1 : i32
  %wdt = arith.constant 0 : i32
  %bad = func.call @rmsnorm_check_print(%dt, %wdt, %m, %n, %xa, %xs, %wa, %ya, %ys, %eps) : (i32, i32, i64, i64, index, i64, index, index, i64, f64) -> i64
  return %bad : i64
}

// Checks y against the reference of x and w: bf16 rows, bf16 weight.
func.func @check_bf16_bf16(%x: memref<?x?xbf16, strided<[?, ?], offset: ?>>, %w: memref<?x?xbf16, strided<[?, ?], offset: ?>>, %y: memref<?x?xbf16, strided<[?, ?], offset: ?>>, %eps: f64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %xa, %xs = func.call @view_bf16(%x) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>) -> (index, i64)
  %wa, %ws = func.call @view_bf16(%w) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>) -> (index, i64)
  %ya, %ys = func.call @view_bf16(%y) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>) -> (index, i64)
  %rows = memref.dim %y, %c0 : memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %cols = memref.dim %y, %c1 : memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %m = arith.index_cast %rows : index to i64
  %n = arith.index_cast %cols : index to i64
  %dt = arith.constant 2 : i32
  %wdt = arith.constant 2 : i32
  %bad = func.call @rmsnorm_check_print(%dt, %wdt, %m, %n, %xa, %xs, %wa, %ya, %ys, %eps) : (i32, i32, i64, i64, index, i64, index, index, i64, f64) -> i64
  return %bad : i64
}

// Counts elements of `buf` outside its leading rows x cols window that are no
// longer `sentinel`: stray writes past M or past N.
func.func @count_clobbered(%buf: memref<?x?xf32>, %rows: index, %cols: index, %sentinel: f32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %all_rows = memref.dim %buf, %c0 : memref<?x?xf32>
  %all_cols = memref.dim %buf, %c1 : memref<?x?xf32>
  %count = scf.for %i = %c0 to %all_rows step %c1 iter_args(%ci = %c0) -> (index) {
    %row_in = arith.cmpi ult, %i, %rows : index
    %ri = scf.for %j = %c0 to %all_cols step %c1 iter_args(%cj = %ci) -> (index) {
      %col_in = arith.cmpi ult, %j, %cols : index
      %inside = arith.andi %row_in, %col_in : i1
      %v = memref.load %buf[%i, %j] : memref<?x?xf32>
      %same = arith.cmpf oeq, %v, %sentinel : f32
      %fine = arith.ori %inside, %same : i1
      %one = arith.constant 1 : index
      %add = arith.select %fine, %c0, %one : index
      %n = arith.addi %cj, %add : index
      scf.yield %n : index
    }
    scf.yield %ri : index
  }
  return %count : index
}

func.func @splat_f32(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %cols = memref.dim %m, %c1 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      memref.store %v, %m[%i, %j] : memref<?x?xf32, strided<[?, ?], offset: ?>>
    }
  }
  return
}

func.func @splat_f16(%m: memref<?x?xf16, strided<[?, ?], offset: ?>>, %v: f16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf16, strided<[?, ?], offset: ?>>
  %cols = memref.dim %m, %c1 : memref<?x?xf16, strided<[?, ?], offset: ?>>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      memref.store %v, %m[%i, %j] : memref<?x?xf16, strided<[?, ?], offset: ?>>
    }
  }
  return
}

func.func @splat_bf16(%m: memref<?x?xbf16, strided<[?, ?], offset: ?>>, %v: bf16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %cols = memref.dim %m, %c1 : memref<?x?xbf16, strided<[?, ?], offset: ?>>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      memref.store %v, %m[%i, %j] : memref<?x?xbf16, strided<[?, ?], offset: ?>>
    }
  }
  return
}

func.func @widen_f32(%src: memref<?x?xf32, strided<[?, ?], offset: ?>>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %src, %c0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %cols = memref.dim %src, %c1 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %dst = memref.alloc(%rows, %cols) : memref<?x?xf32>
  memref.copy %src, %dst : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32>
  return %dst : memref<?x?xf32>
}
