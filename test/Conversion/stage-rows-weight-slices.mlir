// rownorm-stage-rows moves w's loads above the wait for the run (and the
// block barrier before it) with the pure operations that compute their
// columns. Two loads whose columns share
// an operation (the second's column is computed from the first's): the
// shared one moves once, with the first load, and stays above both. The
// kernel is convert-rownorm-to-gpu's bf16 N = 13 (sm_90) with w's columns
// in the aligned copy rewritten as thread_id_y / 128 and that + 8 (both 0
// and 8 at run time; the pipeline's own columns are constants).
// RUN: rmsnorm-opt %s --rownorm-stage-rows | FileCheck %s

// CHECK-LABEL: gpu.func @bf16_13(
// CHECK: cp.async.bulk.shared::cluster.global{{.*}} : (i32, i32, i64, i32) -> ()
// CHECK-NEXT: {{^ *}}}{{$}}
// CHECK-NEXT: %[[A:.*]] = arith.divui %{{.*}}, %c128 : index
// CHECK-NEXT: vector.load %arg1[%[[A]]] {alignment = 16 : i64} : memref<13xbf16>, vector<8xbf16>
// CHECK: %[[B:.*]] = arith.addi %[[A]], %c8 : index
// CHECK: vector.maskedload %arg1[%[[B]]]
// CHECK-NEXT: gpu.barrier
// CHECK: mbarrier.try_wait
module attributes {gpu.container_module, rownorm.target = #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">} {
  gpu.module @rownorm_kernels [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">] {
    gpu.func @bf16_13(%arg0: memref<1xbf16>, %arg1: memref<13xbf16>, %arg2: memref<1xbf16>, %arg3: f32, %arg4: i64, %arg5: i64, %arg6: i64) kernel attributes {known_block_size = array<i32: 1, 128, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 1, 128, 1>, dtype = bf16, dynamic_shared_bytes = 0 : i64, n = 13 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = bf16}, {access = "read", kind = "pointer", name = "w", type = bf16}, {access = "write", kind = "pointer", name = "y", type = bf16}, {kind = "scalar", name = "epsilon", type = f32}, {kind = "scalar", name = "rows", type = i64}, {kind = "scalar", name = "x_row_stride", type = i64}, {kind = "scalar", name = "y_row_stride", type = i64}], roles = ["x", "w", "y", "epsilon"], row_alignment = 16 : i64, rows_per_block = 128 : i64, schedule = {rows_per_block = 128 : i64, threads_per_row = 1 : i64, vector_width = 8 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = bf16}} {
      %c0 = arith.constant 0 : index
      %c7 = arith.constant 7 : index
      %c128 = arith.constant 128 : index
      %c8 = arith.constant 8 : index
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant dense<0.000000e+00> : vector<8xf32>
      %cst_1 = arith.constant dense<0.000000e+00> : vector<8xbf16>
      %cst_2 = arith.constant 1.300000e+01 : f32
      %c5 = arith.constant 5 : index
      %0 = arith.index_cast %arg4 : i64 to index
      %1 = arith.index_cast %arg5 : i64 to index
      %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%0, 13], strides: [%1, 1] : memref<1xbf16> to memref<?x13xbf16, strided<[?, 1]>>
      %2 = arith.index_cast %arg6 : i64 to index
      %reinterpret_cast_3 = memref.reinterpret_cast %arg2 to offset: [0], sizes: [%0, 13], strides: [%2, 1] : memref<1xbf16> to memref<?x13xbf16, strided<[?, 1]>>
      %block_id_x = gpu.block_id  x
      %thread_id_y = gpu.thread_id  y
      %3 = arith.andi %1, %c7 : index
      %4 = arith.cmpi eq, %3, %c0 : index
      %5 = arith.andi %2, %c7 : index
      %6 = arith.cmpi eq, %5, %c0 : index
      %7 = arith.andi %4, %6 : i1
      %dim = memref.dim %reinterpret_cast, %c0 : memref<?x13xbf16, strided<[?, 1]>>
      scf.if %7 {
        %8 = arith.muli %block_id_x, %c128 : index
        %9 = arith.addi %8, %thread_id_y : index
        %10 = arith.cmpi ult, %9, %dim : index
        %11 = scf.if %10 -> (vector<8xbf16>) {
          %45 = vector.load %reinterpret_cast[%9, %c0] {alignment = 16 : i64} : memref<?x13xbf16, strided<[?, 1]>>, vector<8xbf16>
          scf.yield %45 : vector<8xbf16>
        } else {
          scf.yield %cst_1 : vector<8xbf16>
        }
        %12 = arith.extf %11 : vector<8xbf16> to vector<8xf32>
        %13 = arith.mulf %12, %12 : vector<8xf32>
        %14 = arith.addf %13, %cst_0 : vector<8xf32>
        %15 = arith.select %10, %c5, %c0 : index
        %16 = vector.create_mask %15 : vector<8xi1>
        %17 = vector.maskedload %reinterpret_cast[%9, %c8], %16, %cst_1 {alignment = 16 : i64} : memref<?x13xbf16, strided<[?, 1]>>, vector<8xi1>, vector<8xbf16> into vector<8xbf16>
        %18 = arith.extf %17 : vector<8xbf16> to vector<8xf32>
        %19 = arith.mulf %18, %18 : vector<8xf32>
        %20 = arith.addf %14, %19 : vector<8xf32>
        %21 = vector.reduction <add>, %20 fastmath<reassoc> : vector<8xf32> into f32
        %22 = arith.addf %21, %cst : f32
        %23 = arith.divf %22, %cst_2 fastmath<arcp> : f32
        %24 = arith.addf %23, %arg3 : f32
        %25 = math.rsqrt %24 fastmath<afn> : f32
        %26 = scf.if %10 -> (vector<8xbf16>) {
          %45 = vector.load %reinterpret_cast[%9, %c0] {alignment = 16 : i64} : memref<?x13xbf16, strided<[?, 1]>>, vector<8xbf16>
          scf.yield %45 : vector<8xbf16>
        } else {
          scf.yield %cst_1 : vector<8xbf16>
        }
        %27 = arith.extf %26 : vector<8xbf16> to vector<8xf32>
        %wa = arith.divui %thread_id_y, %c128 : index
        %28 = vector.load %arg1[%wa] {alignment = 16 : i64} : memref<13xbf16>, vector<8xbf16>
        %29 = arith.extf %28 : vector<8xbf16> to vector<8xf32>
        %30 = vector.broadcast %25 : f32 to vector<8xf32>
        %31 = arith.mulf %27, %30 fastmath<afn> : vector<8xf32>
        %32 = arith.mulf %31, %29 : vector<8xf32>
        %33 = arith.truncf %32 : vector<8xf32> to vector<8xbf16>
        %dim_4 = memref.dim %reinterpret_cast_3, %c0 : memref<?x13xbf16, strided<[?, 1]>>
        %34 = arith.cmpi ult, %9, %dim_4 : index
        scf.if %34 {
          vector.store %33, %reinterpret_cast_3[%9, %c0] {alignment = 16 : i64} : memref<?x13xbf16, strided<[?, 1]>>, vector<8xbf16>
        }
        %35 = vector.maskedload %reinterpret_cast[%9, %c8], %16, %cst_1 {alignment = 16 : i64} : memref<?x13xbf16, strided<[?, 1]>>, vector<8xi1>, vector<8xbf16> into vector<8xbf16>
        %36 = arith.extf %35 : vector<8xbf16> to vector<8xf32>
        %37 = vector.constant_mask [5] : vector<8xi1>
        %wb = arith.addi %wa, %c8 : index
        %38 = vector.maskedload %arg1[%wb], %37, %cst_1 {alignment = 16 : i64} : memref<13xbf16>, vector<8xi1>, vector<8xbf16> into vector<8xbf16>
        %39 = arith.extf %38 : vector<8xbf16> to vector<8xf32>
        %40 = arith.mulf %36, %30 fastmath<afn> : vector<8xf32>
        %41 = arith.mulf %40, %39 : vector<8xf32>
        %42 = arith.truncf %41 : vector<8xf32> to vector<8xbf16>
        %43 = arith.select %34, %c5, %c0 : index
        %44 = vector.create_mask %43 : vector<8xi1>
        vector.maskedstore %reinterpret_cast_3[%9, %c8], %44, %42 {alignment = 16 : i64} : memref<?x13xbf16, strided<[?, 1]>>, vector<8xi1>, vector<8xbf16>
      } else {
        %8 = arith.muli %block_id_x, %c128 : index
        %9 = arith.addi %8, %thread_id_y : index
        %10 = arith.cmpi ult, %9, %dim : index
        %11 = scf.if %10 -> (vector<8xbf16>) {
          %45 = vector.load %reinterpret_cast[%9, %c0] : memref<?x13xbf16, strided<[?, 1]>>, vector<8xbf16>
          scf.yield %45 : vector<8xbf16>
        } else {
          scf.yield %cst_1 : vector<8xbf16>
        }
        %12 = arith.extf %11 : vector<8xbf16> to vector<8xf32>
        %13 = arith.mulf %12, %12 : vector<8xf32>
        %14 = arith.addf %13, %cst_0 : vector<8xf32>
        %15 = arith.select %10, %c5, %c0 : index
        %16 = vector.create_mask %15 : vector<8xi1>
        %17 = vector.maskedload %reinterpret_cast[%9, %c8], %16, %cst_1 : memref<?x13xbf16, strided<[?, 1]>>, vector<8xi1>, vector<8xbf16> into vector<8xbf16>
        %18 = arith.extf %17 : vector<8xbf16> to vector<8xf32>
        %19 = arith.mulf %18, %18 : vector<8xf32>
        %20 = arith.addf %14, %19 : vector<8xf32>
        %21 = vector.reduction <add>, %20 fastmath<reassoc> : vector<8xf32> into f32
        %22 = arith.addf %21, %cst : f32
        %23 = arith.divf %22, %cst_2 fastmath<arcp> : f32
        %24 = arith.addf %23, %arg3 : f32
        %25 = math.rsqrt %24 fastmath<afn> : f32
        %26 = scf.if %10 -> (vector<8xbf16>) {
          %45 = vector.load %reinterpret_cast[%9, %c0] : memref<?x13xbf16, strided<[?, 1]>>, vector<8xbf16>
          scf.yield %45 : vector<8xbf16>
        } else {
          scf.yield %cst_1 : vector<8xbf16>
        }
        %27 = arith.extf %26 : vector<8xbf16> to vector<8xf32>
        %28 = vector.load %arg1[%c0] : memref<13xbf16>, vector<8xbf16>
        %29 = arith.extf %28 : vector<8xbf16> to vector<8xf32>
        %30 = vector.broadcast %25 : f32 to vector<8xf32>
        %31 = arith.mulf %27, %30 fastmath<afn> : vector<8xf32>
        %32 = arith.mulf %31, %29 : vector<8xf32>
        %33 = arith.truncf %32 : vector<8xf32> to vector<8xbf16>
        %dim_4 = memref.dim %reinterpret_cast_3, %c0 : memref<?x13xbf16, strided<[?, 1]>>
        %34 = arith.cmpi ult, %9, %dim_4 : index
        scf.if %34 {
          vector.store %33, %reinterpret_cast_3[%9, %c0] : memref<?x13xbf16, strided<[?, 1]>>, vector<8xbf16>
        }
        %35 = vector.maskedload %reinterpret_cast[%9, %c8], %16, %cst_1 : memref<?x13xbf16, strided<[?, 1]>>, vector<8xi1>, vector<8xbf16> into vector<8xbf16>
        %36 = arith.extf %35 : vector<8xbf16> to vector<8xf32>
        %37 = vector.constant_mask [5] : vector<8xi1>
        %38 = vector.maskedload %arg1[%c8], %37, %cst_1 : memref<13xbf16>, vector<8xi1>, vector<8xbf16> into vector<8xbf16>
        %39 = arith.extf %38 : vector<8xbf16> to vector<8xf32>
        %40 = arith.mulf %36, %30 fastmath<afn> : vector<8xf32>
        %41 = arith.mulf %40, %39 : vector<8xf32>
        %42 = arith.truncf %41 : vector<8xf32> to vector<8xbf16>
        %43 = arith.select %34, %c5, %c0 : index
        %44 = vector.create_mask %43 : vector<8xi1>
        vector.maskedstore %reinterpret_cast_3[%9, %c8], %44, %42 : memref<?x13xbf16, strided<[?, 1]>>, vector<8xi1>, vector<8xbf16>
      } {rownorm.versioned_rows}
      gpu.return
    }
  }
}

