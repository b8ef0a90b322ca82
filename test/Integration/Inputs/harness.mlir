// Shared CPU harness of the integration tests: input generation, widening of
// results to f32, an fp64 reference check and a guard-band check. Appended to
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

func.func @abs_f64(%v: f64) -> f64 {
  %zero = arith.constant 0.0 : f64
  %neg = arith.negf %v : f64
  %lt = arith.cmpf olt, %v, %zero : f64
  %r = arith.select %lt, %neg, %v : f64
  return %r : f64
}

// Counts elements of y (rows x N of the views) that miss the fp64 reference
// of x * rsqrt(mean(x^2) + eps) * w by more than rtol * |ref| + atol, or that
// are not finite. Prints the first miss with its row, column, expected and
// actual value.
func.func @check_rms_norm(%x: memref<?x?xf32>, %w: memref<?x?xf32>, %y: memref<?x?xf32>,
                          %eps: f64, %rtol: f64, %atol: f64) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %inf = arith.constant 0x7FF0000000000000 : f64
  %rows = memref.dim %y, %c0 : memref<?x?xf32>
  %cols = memref.dim %y, %c1 : memref<?x?xf32>
  %colsi = arith.index_cast %cols : index to i64
  %n = arith.sitofp %colsi : i64 to f64
  %bad = scf.for %i = %c0 to %rows step %c1 iter_args(%bad_i = %c0) -> (index) {
    %ss = scf.for %j = %c0 to %cols step %c1 iter_args(%acc = %zero) -> (f64) {
      %xv = memref.load %x[%i, %j] : memref<?x?xf32>
      %xd = arith.extf %xv : f32 to f64
      %sq = arith.mulf %xd, %xd : f64
      %next = arith.addf %acc, %sq : f64
      scf.yield %next : f64
    }
    %mean = arith.divf %ss, %n : f64
    %ms = arith.addf %mean, %eps : f64
    %rms = math.sqrt %ms : f64
    %rstd = arith.divf %one, %rms : f64
    %bad_row = scf.for %j = %c0 to %cols step %c1 iter_args(%bad_j = %bad_i) -> (index) {
      %xv = memref.load %x[%i, %j] : memref<?x?xf32>
      %wv = memref.load %w[%c0, %j] : memref<?x?xf32>
      %yv = memref.load %y[%i, %j] : memref<?x?xf32>
      %xd = arith.extf %xv : f32 to f64
      %wd = arith.extf %wv : f32 to f64
      %yd = arith.extf %yv : f32 to f64
      %t = arith.mulf %xd, %rstd : f64
      %ref = arith.mulf %t, %wd : f64
      %diff = arith.subf %yd, %ref : f64
      %err = func.call @abs_f64(%diff) : (f64) -> f64
      %mag = func.call @abs_f64(%ref) : (f64) -> f64
      %scaled = arith.mulf %mag, %rtol : f64
      %tol = arith.addf %scaled, %atol : f64
      // ole is false for NaN, so a NaN result is a miss.
      %ok = arith.cmpf ole, %err, %tol : f64
      %absy = func.call @abs_f64(%yd) : (f64) -> f64
      %finite = arith.cmpf olt, %absy, %inf : f64
      %good = arith.andi %ok, %finite : i1
      %next = scf.if %good -> (index) {
        scf.yield %bad_j : index
      } else {
        %first = arith.cmpi eq, %bad_j, %c0 : index
        scf.if %first {
          vector.print str "first miss: row "
          vector.print %i : index
          vector.print str "column "
          vector.print %j : index
          vector.print str "expected "
          vector.print %ref : f64
          vector.print str "actual "
          vector.print %yd : f64
        }
        %inc = arith.addi %bad_j, %c1 : index
        scf.yield %inc : index
      }
      scf.yield %next : index
    }
    scf.yield %bad_row : index
  }
  return %bad : index
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
