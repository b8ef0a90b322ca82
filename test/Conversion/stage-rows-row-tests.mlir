// rownorm-stage-rows folds the staged copy's row tests (every row of a
// full block exists), and only those: with a static M, a comparison of
// another value with the same constant stays. The kernel is
// convert-rownorm-to-gpu's bf16 1000 x 13 (sm_90; 128 rows a block, so a
// staged run of 3328 bytes) with one such comparison added to the aligned
// copy (thread_id_y < 1000, feeding rsqrt's operand through a select).
// RUN: rmsnorm-opt %s --rownorm-stage-rows | FileCheck %s

// CHECK-LABEL: gpu.func @bf16_13_static_rows(
// CHECK: mbarrier.try_wait
// The row tests folded: no branch around the buffer's reads.
// CHECK-NOT: scf.if
// CHECK: %[[KEPT:.*]] = arith.cmpi ult, %thread_id_y, %c1000 : index
// CHECK: arith.select %[[KEPT]]
// CHECK: math.rsqrt
// CHECK: cp.async.bulk.global.shared::cta
module attributes {gpu.container_module, rownorm.target = #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">} {
  gpu.module @rownorm_kernels [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">] {
    gpu.func @bf16_13_static_rows(%arg0: memref<1xbf16>, %arg1: memref<13xbf16>, %arg2: memref<1xbf16>, %arg3: f32, %arg4: i64, %arg5: i64) kernel attributes {known_block_size = array<i32: 1, 128, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 1, 128, 1>, dtype = bf16, dynamic_shared_bytes = 0 : i64, n = 13 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = bf16}, {access = "read", kind = "pointer", name = "w", type = bf16}, {access = "write", kind = "pointer", name = "y", type = bf16}, {kind = "scalar", name = "epsilon", type = f32}, {kind = "scalar", name = "x_row_stride", type = i64}, {kind = "scalar", name = "y_row_stride", type = i64}], roles = ["x", "w", "y", "epsilon"], row_alignment = 16 : i64, rows_per_block = 128 : i64, schedule = {rows_per_block = 128 : i64, threads_per_row = 1 : i64, vector_width = 8 : i64, vectors_per_thread = 2 : i64}, static_rows = 1000 : i64, static_shared_bytes = 0 : i64, weight_dtype = bf16}} {
      %c0 = arith.constant 0 : index
      %c7 = arith.constant 7 : index
      %c128 = arith.constant 128 : index
      %c8 = arith.constant 8 : index
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant dense<0.000000e+00> : vector<8xf32>
      %cst_1 = arith.constant dense<0.000000e+00> : vector<8xbf16>
      %cst_2 = arith.constant 1.300000e+01 : f32
      %c1000 = arith.constant 1000 : index
      %c5 = arith.constant 5 : index
      %0 = arith.index_cast %arg4 : i64 to index
      %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [1000, 13], strides: [%0, 1] : memref<1xbf16> to memref<1000x13xbf16, strided<[?, 1]>>
      %1 = arith.index_cast %arg5 : i64 to index
      %reinterpret_cast_3 = memref.reinterpret_cast %arg2 to offset: [0], sizes: [1000, 13], strides: [%1, 1] : memref<1xbf16> to memref<1000x13xbf16, strided<[?, 1]>>
      %block_id_x = gpu.block_id  x
      %thread_id_y = gpu.thread_id  y
      %2 = arith.andi %0, %c7 : index
      %3 = arith.cmpi eq, %2, %c0 : index
      %4 = arith.andi %1, %c7 : index
      %5 = arith.cmpi eq, %4, %c0 : index
      %6 = arith.andi %3, %5 : i1
      scf.if %6 {
        %7 = arith.muli %block_id_x, %c128 : index
        %8 = arith.addi %7, %thread_id_y : index
        %9 = arith.cmpi ult, %8, %c1000 : index
        %10 = scf.if %9 -> (vector<8xbf16>) {
          %41 = vector.load %reinterpret_cast[%8, %c0] {alignment = 16 : i64} : memref<1000x13xbf16, strided<[?, 1]>>, vector<8xbf16>
          scf.yield %41 : vector<8xbf16>
        } else {
          scf.yield %cst_1 : vector<8xbf16>
        }
        %11 = arith.extf %10 : vector<8xbf16> to vector<8xf32>
        %12 = arith.mulf %11, %11 : vector<8xf32>
        %13 = arith.addf %12, %cst_0 : vector<8xf32>
        %14 = arith.select %9, %c5, %c0 : index
        %15 = vector.create_mask %14 : vector<8xi1>
        %16 = vector.maskedload %reinterpret_cast[%8, %c8], %15, %cst_1 {alignment = 16 : i64} : memref<1000x13xbf16, strided<[?, 1]>>, vector<8xi1>, vector<8xbf16> into vector<8xbf16>
        %17 = arith.extf %16 : vector<8xbf16> to vector<8xf32>
        %18 = arith.mulf %17, %17 : vector<8xf32>
        %19 = arith.addf %13, %18 : vector<8xf32>
        %20 = vector.reduction <add>, %19 fastmath<reassoc> : vector<8xf32> into f32
        %21 = arith.addf %20, %cst : f32
        %22 = arith.divf %21, %cst_2 fastmath<arcp> : f32
        %23 = arith.addf %22, %arg3 : f32
        %notrow = arith.cmpi ult, %thread_id_y, %c1000 : index
        %picked = arith.select %notrow, %23, %arg3 : f32
        %24 = math.rsqrt %picked fastmath<afn> : f32
        %25 = scf.if %9 -> (vector<8xbf16>) {
          %41 = vector.load %reinterpret_cast[%8, %c0] {alignment = 16 : i64} : memref<1000x13xbf16, strided<[?, 1]>>, vector<8xbf16>
          scf.yield %41 : vector<8xbf16>
        } else {
          scf.yield %cst_1 : vector<8xbf16>
        }
        %26 = arith.extf %25 : vector<8xbf16> to vector<8xf32>
        %27 = vector.load %arg1[%c0] {alignment = 16 : i64} : memref<13xbf16>, vector<8xbf16>
        %28 = arith.extf %27 : vector<8xbf16> to vector<8xf32>
        %29 = vector.broadcast %24 : f32 to vector<8xf32>
        %30 = arith.mulf %26, %29 fastmath<afn> : vector<8xf32>
        %31 = arith.mulf %30, %28 : vector<8xf32>
        %32 = arith.truncf %31 : vector<8xf32> to vector<8xbf16>
        scf.if %9 {
          vector.store %32, %reinterpret_cast_3[%8, %c0] {alignment = 16 : i64} : memref<1000x13xbf16, strided<[?, 1]>>, vector<8xbf16>
        }
        %33 = vector.maskedload %reinterpret_cast[%8, %c8], %15, %cst_1 {alignment = 16 : i64} : memref<1000x13xbf16, strided<[?, 1]>>, vector<8xi1>, vector<8xbf16> into vector<8xbf16>
        %34 = arith.extf %33 : vector<8xbf16> to vector<8xf32>
        %35 = vector.constant_mask [5] : vector<8xi1>
        %36 = vector.maskedload %arg1[%c8], %35, %cst_1 {alignment = 16 : i64} : memref<13xbf16>, vector<8xi1>, vector<8xbf16> into vector<8xbf16>
        %37 = arith.extf %36 : vector<8xbf16> to vector<8xf32>
        %38 = arith.mulf %34, %29 fastmath<afn> : vector<8xf32>
        %39 = arith.mulf %38, %37 : vector<8xf32>
        %40 = arith.truncf %39 : vector<8xf32> to vector<8xbf16>
        vector.maskedstore %reinterpret_cast_3[%8, %c8], %15, %40 {alignment = 16 : i64} : memref<1000x13xbf16, strided<[?, 1]>>, vector<8xi1>, vector<8xbf16>
      } else {
        %7 = arith.muli %block_id_x, %c128 : index
        %8 = arith.addi %7, %thread_id_y : index
        %9 = arith.cmpi ult, %8, %c1000 : index
        %10 = scf.if %9 -> (vector<8xbf16>) {
          %41 = vector.load %reinterpret_cast[%8, %c0] : memref<1000x13xbf16, strided<[?, 1]>>, vector<8xbf16>
          scf.yield %41 : vector<8xbf16>
        } else {
          scf.yield %cst_1 : vector<8xbf16>
        }
        %11 = arith.extf %10 : vector<8xbf16> to vector<8xf32>
        %12 = arith.mulf %11, %11 : vector<8xf32>
        %13 = arith.addf %12, %cst_0 : vector<8xf32>
        %14 = arith.select %9, %c5, %c0 : index
        %15 = vector.create_mask %14 : vector<8xi1>
        %16 = vector.maskedload %reinterpret_cast[%8, %c8], %15, %cst_1 : memref<1000x13xbf16, strided<[?, 1]>>, vector<8xi1>, vector<8xbf16> into vector<8xbf16>
        %17 = arith.extf %16 : vector<8xbf16> to vector<8xf32>
        %18 = arith.mulf %17, %17 : vector<8xf32>
        %19 = arith.addf %13, %18 : vector<8xf32>
        %20 = vector.reduction <add>, %19 fastmath<reassoc> : vector<8xf32> into f32
        %21 = arith.addf %20, %cst : f32
        %22 = arith.divf %21, %cst_2 fastmath<arcp> : f32
        %23 = arith.addf %22, %arg3 : f32
        %24 = math.rsqrt %23 fastmath<afn> : f32
        %25 = scf.if %9 -> (vector<8xbf16>) {
          %41 = vector.load %reinterpret_cast[%8, %c0] : memref<1000x13xbf16, strided<[?, 1]>>, vector<8xbf16>
          scf.yield %41 : vector<8xbf16>
        } else {
          scf.yield %cst_1 : vector<8xbf16>
        }
        %26 = arith.extf %25 : vector<8xbf16> to vector<8xf32>
        %27 = vector.load %arg1[%c0] : memref<13xbf16>, vector<8xbf16>
        %28 = arith.extf %27 : vector<8xbf16> to vector<8xf32>
        %29 = vector.broadcast %24 : f32 to vector<8xf32>
        %30 = arith.mulf %26, %29 fastmath<afn> : vector<8xf32>
        %31 = arith.mulf %30, %28 : vector<8xf32>
        %32 = arith.truncf %31 : vector<8xf32> to vector<8xbf16>
        scf.if %9 {
          vector.store %32, %reinterpret_cast_3[%8, %c0] : memref<1000x13xbf16, strided<[?, 1]>>, vector<8xbf16>
        }
        %33 = vector.maskedload %reinterpret_cast[%8, %c8], %15, %cst_1 : memref<1000x13xbf16, strided<[?, 1]>>, vector<8xi1>, vector<8xbf16> into vector<8xbf16>
        %34 = arith.extf %33 : vector<8xbf16> to vector<8xf32>
        %35 = vector.constant_mask [5] : vector<8xi1>
        %36 = vector.maskedload %arg1[%c8], %35, %cst_1 : memref<13xbf16>, vector<8xi1>, vector<8xbf16> into vector<8xbf16>
        %37 = arith.extf %36 : vector<8xbf16> to vector<8xf32>
        %38 = arith.mulf %34, %29 fastmath<afn> : vector<8xf32>
        %39 = arith.mulf %38, %37 : vector<8xf32>
        %40 = arith.truncf %39 : vector<8xf32> to vector<8xbf16>
        vector.maskedstore %reinterpret_cast_3[%8, %c8], %15, %40 : memref<1000x13xbf16, strided<[?, 1]>>, vector<8xi1>, vector<8xbf16>
      } {rownorm.versioned_rows}
      gpu.return
    }
  }
}

