// convert-rownorm-to-gpu maps the tiled loop nest onto a gpu.func kernel:
// blocks x rows x threads, a shuffle butterfly and (rows wider than a warp)
// one workgroup-memory step with a barrier, the target's rsqrt intrinsic, the
// bare-pointer ABI and the launch contract.
// RUN: rmsnorm-opt %s --rownorm-optimize-pipeline --convert-rownorm-to-gpu --rownorm-lower-rsqrt | FileCheck %s

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {

// CHECK: module attributes {gpu.container_module
// CHECK: gpu.module @rownorm_kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">]
// CHECK-LABEL: gpu.func @wide_rows
// CHECK-SAME: (%[[XP:.*]]: memref<1xf32>, %[[W:.*]]: memref<4096xf32>, %[[YP:.*]]: memref<1xf32>, %[[ROWS:.*]]: i64, %[[XS:.*]]: i64, %[[YS:.*]]: i64)
// CHECK-SAME: workgroup(%[[PARTIALS:.*]] : memref<4xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME: kernel
// CHECK-SAME: known_block_size = array<i32: 64, 2, 1>
// The launch contract: what the op computed (from rownorm.kernel) and the ABI.
// CHECK-SAME: rownorm.launch = {base_pointer_alignment = 16 : i64, block = array<i64: 64, 2, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, max_blocks = 2147483647 : i64, n = 4096 : i64, op = "rms_norm",
// CHECK-SAME: params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}, {kind = "scalar", name = "x_row_stride", type = i64}, {kind = "scalar", name = "y_row_stride", type = i64}],
// CHECK-SAME: roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 2 : i64, schedule = {rows_per_block = 2 : i64, threads_per_row = 64 : i64, vector_width = 4 : i64, vectors_per_thread = 16 : i64}, static_shared_bytes = 16 : i64, weight_dtype = f32}
// CHECK: %[[M:.*]] = arith.index_cast %[[ROWS]] : i64 to index
// CHECK: %[[XSI:.*]] = arith.index_cast %[[XS]] : i64 to index
// CHECK: %[[X:.*]] = memref.reinterpret_cast %[[XP]] to offset: [0], sizes: [%[[M]], 4096], strides: [%[[XSI]], 1]
// The uniform branch on row alignment (rownorm-version-rows, kept around
// the thread code): both strides multiples of 4 f32s.
// CHECK-DAG: gpu.block_id  x
// CHECK-DAG: gpu.thread_id  x
// CHECK-DAG: gpu.thread_id  y
// CHECK: arith.andi %[[XSI]], %c3
// CHECK: %[[ALIGNED:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: scf.if %[[ALIGNED]] {
// CHECK: vector.load %[[X]]{{.*}} {alignment = 16 : i64}
// CHECK: vector.reduction <add>
// CHECK-COUNT-5: gpu.shuffle  xor %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK: scf.if
// CHECK-NEXT: memref.store %{{.*}}, %[[PARTIALS]]
// CHECK: gpu.barrier
// CHECK-COUNT-2: memref.load %[[PARTIALS]]
// CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.f"
// CHECK: vector.store {{.*}} {alignment = 16 : i64}
// The copy for rows of unknown alignment (rownorm-align-rows): x in aligned
// vectors after a head, the same reduction through the same buffer.
// CHECK: } else {
// CHECK: vector.load %[[X]]{{.*}} {alignment = 16 : i64}
// CHECK: vector.load %[[X]]{{.*}} : memref<?x4096xf32, strided<[?, 1]>>, vector<1xf32>
// CHECK-COUNT-5: gpu.shuffle  xor %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK: memref.store %{{.*}}, %[[PARTIALS]]
// CHECK: gpu.barrier
// CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.f"
// CHECK: gpu.return
// CHECK-NOT: func.func @wide_rows
// CHECK-NOT: math.rsqrt
func.func @wide_rows(%x: memref<?x4096xf32, strided<[?, 1]>>, %w: memref<4096xf32>, %y: memref<?x4096xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x4096xf32, strided<[?, 1]>>) weight(%w : memref<4096xf32>) outs(%y : memref<?x4096xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 64, vector_width = 4, vectors_per_thread = 16>}
  return
}

// Static shapes and strides: no parameters beyond the pointers (the
// contract records the row strides the kernel has compiled in, 512 for x and
// 256 for y, for loaders to check a caller's against), no workgroup memory (16 threads per row stay inside one warp). The block
// loop of one trip folds away: one row per block, 8 blocks. x's dynamic
// offset is 0 in the kernel (the pointer is the first element), so the
// alignment test is true (canonicalization removes the other copy).
// CHECK-LABEL: gpu.func @static_rows
// CHECK-SAME: (%{{.*}}: memref<1xf16>, %{{.*}}: memref<256xf16>, %{{.*}}: memref<8x256xf16>)
// CHECK-NOT: workgroup
// CHECK-SAME: block = array<i64: 16, 1, 1>
// CHECK-SAME: params = [{access = "read", kind = "pointer", name = "x", type = f16}, {access = "read", kind = "pointer", name = "w", type = f16}, {access = "write", kind = "pointer", name = "y", type = f16}]
// CHECK-SAME: rows_per_block = 1 : i64, schedule = {rows_per_block = 1 : i64, threads_per_row = 16 : i64, vector_width = 8 : i64, vectors_per_thread = 2 : i64}, static_row_strides = {x = 512 : i64, y = 256 : i64}, static_rows = 8 : i64
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: scf.if %[[TRUE]] {
// CHECK-NOT: gpu.barrier
// CHECK-COUNT-4: gpu.shuffle  xor
// CHECK-NOT: gpu.shuffle
// CHECK: } else {
// CHECK-COUNT-4: gpu.shuffle  xor
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.return
func.func @static_rows(%x: memref<8x256xf16, strided<[512, 1], offset: ?>>, %w: memref<256xf16>, %y: memref<8x256xf16>) {
  rownorm.rms_norm ins(%x : memref<8x256xf16, strided<[512, 1], offset: ?>>) weight(%w : memref<256xf16>) outs(%y : memref<8x256xf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 8, threads_per_row = 16, vector_width = 8, vectors_per_thread = 2>}
  return
}

}
