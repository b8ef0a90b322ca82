// rownorm-stage-rows on the kernels convert-rownorm-to-gpu makes: where rows
// are short (at most 256 elements) and not whole vectors, on a target with
// bulk copies (sm_90), rownorm-version-rows' branch for rows of unknown
// alignment (its scf.if carries rownorm.versioned_rows) gets a third version under a
// uniform test (both row strides N, every row of the block present, against
// the `rows` parameter or a static M): thread (0, 0) copies the block's run
// (rows per block x row bytes, from block id x run bytes) into a 16-byte
// aligned workgroup buffer of bytes (x's rows: the run, a vector and a
// word, rounded up to 16 bytes; then y's rows: the run; created with its completion
// word; the contract's static shared bytes count both), w's loads are
// issued, every thread waits, the aligned copy runs with x's reads and y's
// writes, masked stores included, on the buffer's two regions at (row in
// block) * N + column (its row tests folded: each of
// a thread's columns read once, x held; whole vectors of 16-bit elements
// read and written as 32-bit words), and the run goes out after a fence
// and a block barrier, from y's region, by thread (0, 0). Not staged: rows of whole vectors
// (128), rows over the limit (bf16 257, 258, 1025; f32 257), rows never aligned (a static
// stride of 130: no aligned copy to run), a target without bulk copies
// (gfx942).
// RUN: rmsnorm-opt %s --rownorm-nvptx-attach-target=chip=sm_90 --rownorm-optimize-pipeline \
// RUN:   --convert-rownorm-to-gpu --rownorm-stage-rows | FileCheck %s
// Without the pass nothing is staged:
// RUN: rmsnorm-opt %s --rownorm-nvptx-attach-target=chip=sm_90 --rownorm-optimize-pipeline \
// RUN:   --convert-rownorm-to-gpu | not FileCheck %s
// RUN: rmsnorm-opt %s --rownorm-amdgpu-attach-target=chip=gfx942 --rownorm-optimize-pipeline \
// RUN:   --convert-rownorm-to-gpu --rownorm-stage-rows | FileCheck %s --check-prefix=NONE
// NONE-NOT: workgroup(
// NONE-NOT: llvm.inline_asm

// CHECK-LABEL: gpu.func @bf16_127(
// CHECK-SAME: %[[X:arg0]]: memref<1xbf16>, %{{.*}}: memref<127xbf16>, %[[Y:arg2]]: memref<1xbf16>, %{{.*}}: f32, %[[ROWS:arg4]]: i64, %[[XS:arg5]]: i64, %[[YS:arg6]]: i64)
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<8160xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %[[BAR:.*]] : memref<1xi64, #gpu.address_space<workgroup>>)
// CHECK-SAME: static_shared_bytes = 8168
// CHECK: %[[XN:.*]] = arith.cmpi eq, %[[XS]], %c127_i64
// CHECK: %[[YN:.*]] = arith.cmpi eq, %[[YS]], %c127_i64
// CHECK: %[[BOTH:.*]] = arith.andi %[[XN]], %[[YN]]
// CHECK: %[[BLOCK:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[NEXT:.*]] = arith.addi %[[BLOCK]], %c1_i64
// CHECK: %[[END:.*]] = arith.muli %[[NEXT]], %c16_i64
// CHECK: %[[FULL:.*]] = arith.cmpi sle, %[[END]], %[[ROWS]] : i64
// CHECK: %[[TEST:.*]] = arith.andi %[[BOTH]], %[[FULL]]
// The aligned copy first, untouched:
// CHECK: scf.if %{{.*}} {
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<?x127xbf16
// CHECK: scf.if %[[TEST]] {
// CHECK-NEXT: %[[XROWS:.*]] = memref.view %[[BUF]][%c0{{.*}}][] : memref<8160xi8, #gpu.address_space<workgroup>> to memref<2048xbf16, #gpu.address_space<workgroup>>
// CHECK: %[[YROWS:.*]] = memref.view %[[BUF]][%c4096{{.*}}][] : memref<8160xi8, #gpu.address_space<workgroup>> to memref<2032xbf16, #gpu.address_space<workgroup>>
// CHECK: %[[XWORDS:.*]] = memref.view %[[BUF]][%c0{{.*}}][] : memref<8160xi8, #gpu.address_space<workgroup>> to memref<1024xi32, #gpu.address_space<workgroup>>
// CHECK: %[[YWORDS:.*]] = memref.view %[[BUF]][%c4096{{.*}}][] : memref<8160xi8, #gpu.address_space<workgroup>> to memref<1016xi32, #gpu.address_space<workgroup>>
// CHECK: %[[TY:.*]] = gpu.thread_id y
// CHECK: %[[IS0:.*]] = arith.andi
// CHECK-NEXT: scf.if %[[IS0]] {
// CHECK: memref.extract_aligned_pointer_as_index %[[X]]
// CHECK: arith.muli %{{.*}}, %c4064_i64
// CHECK: llvm.inline_asm has_side_effects {{.*}}cp.async.bulk.shared::cluster.global{{.*}} %c4064_i32
// CHECK-NEXT: }
// w's three loads (two vectors, the tail element) while the run is copied,
// before the barrier that orders the completion word's initialization:
// CHECK-NOT: gpu.barrier
// CHECK-COUNT-3: vector.load %{{.*}} : memref<127xbf16>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.extract_aligned_pointer_as_index
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: llvm.inline_asm has_side_effects {{.*}}mbarrier.try_wait.parity.shared::cta.b64 done, [$0], 0;
// CHECK-NOT: {{vector\.(masked)?(load|store) .*memref<\?x127xbf16}}
// A vector of x: the five words that hold it, joined by the row's phase.
// CHECK: %[[HALF:.*]] = arith.shrui %[[AT:.*]], %{{c1.*}} : index
// CHECK: %[[ODD:.*]] = arith.andi %[[AT]], %{{c1.*}} : index
// CHECK: %[[BIT:.*]] = arith.index_cast %[[ODD]] : index to i32
// CHECK: %[[SHIFT:.*]] = arith.shli %[[BIT]], %{{c4_i32.*}} : i32
// CHECK: %[[I0:.*]] = arith.addi %[[HALF]], %{{c0.*}} : index
// CHECK: %[[W0:.*]] = memref.load %[[XWORDS]][%[[I0]]]
// CHECK: %[[W1:.*]] = memref.load %[[XWORDS]]
// CHECK-COUNT-3: memref.load %[[XWORDS]]
// CHECK: llvm.intr.fshr(%[[W1]], %[[W0]], %[[SHIFT]])
// CHECK-COUNT-3: llvm.intr.fshr
// CHECK: vector.bitcast %{{.*}} : vector<4xi32> to vector<8xbf16>
// CHECK-NOT: {{vector\.(masked)?(load|store) .*memref<\?x127xbf16}}
// CHECK: rsqrt
// CHECK-NOT: {{vector\.(masked)?(load|store) .*memref<\?x127xbf16}}
// A vector of y: at an odd element index its first and last elements and
// three words, else four words.
// CHECK: %[[SODD:.*]] = arith.cmpi ne, %{{.*}}, %{{c0.*}} : index
// CHECK: scf.if %[[SODD]] {
// CHECK: memref.store %{{.*}}, %[[YROWS]]
// CHECK: vector.shuffle %{{.*}} [1, 2, 3, 4, 5, 6] : vector<8xbf16>, vector<8xbf16>
// CHECK-COUNT-3: memref.store %{{.*}}, %[[YWORDS]]
// CHECK: memref.store %{{.*}}, %[[YROWS]]
// CHECK: } else {
// CHECK: vector.bitcast %{{.*}} : vector<8xbf16> to vector<4xi32>
// CHECK-COUNT-4: memref.store %{{.*}}, %[[YWORDS]]
// CHECK-NOT: {{vector\.(masked)?(load|store) .*memref<\?x127xbf16}}
// CHECK: llvm.inline_asm has_side_effects "fence.proxy.async.shared::cta;"
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.if %[[IS0]] {
// CHECK: memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK: memref.extract_aligned_pointer_as_index %[[YROWS]]
// CHECK: llvm.inline_asm has_side_effects {{.*}}cp.async.bulk.global.shared::cta{{.*}}wait_group.read 0;{{.*}} %c4064_i32
// CHECK: } else {
// The unaligned copy (rownorm-align-rows), as before:
// CHECK: {{vector\.(masked)?(load|store) .*memref<\?x127xbf16}}
// CHECK: gpu.return
// Each of a thread's columns read from the buffer once (2 vectors of 5
// words, 1 tail element), x's and y's only through it:
// RUN: rmsnorm-opt %s --rownorm-nvptx-attach-target=chip=sm_90 --rownorm-optimize-pipeline \
// RUN:   --convert-rownorm-to-gpu --rownorm-stage-rows | sed -n '/gpu.func @bf16_127(/,/gpu.return/p' \
// RUN:   | sed -n '/mbarrier.try_wait/,/fence.proxy.async/p' | FileCheck %s --check-prefix=HELD
// HELD-COUNT-10: memref.load {{.*}} : memref<1024xi32, #gpu.address_space<workgroup>>
// HELD-NOT: memref.load {{.*}} : memref<1024xi32, #gpu.address_space<workgroup>>
// HELD-NOT: vector.load {{.*}}#gpu.address_space<workgroup>>, vector<8xbf16>
// HELD-NOT: memref<?x127xbf16
func.func @bf16_127(%x: memref<?x127xbf16, strided<[?, 1]>>, %w: memref<127xbf16>, %y: memref<?x127xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16, strided<[?, 1]>>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// Partial vectors stored with a mask go to the buffer too (no store of y
// between the copies):
// CHECK-LABEL: gpu.func @bf16_13(
// CHECK: mbarrier.try_wait
// CHECK-NOT: memref<?x13xbf16
// CHECK: vector.maskedstore %{{.*}}#gpu.address_space<workgroup>>
// CHECK-NOT: memref<?x13xbf16
// CHECK: cp.async.bulk.global.shared::cta
// CHECK: gpu.return
func.func @bf16_13(%x: memref<?x13xbf16, strided<[?, 1]>>, %w: memref<13xbf16>, %y: memref<?x13xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x13xbf16, strided<[?, 1]>>) weight(%w : memref<13xbf16>) outs(%y : memref<?x13xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// A static M (no `rows` parameter): the last block of 1000 rows (62 x 16 +
// 8) is not full, so the test compares with 1000.
// CHECK-LABEL: gpu.func @bf16_127_static_rows(
// CHECK: %[[SEND:.*]] = arith.muli %{{.*}}, %c16_i64
// CHECK: arith.cmpi sle, %[[SEND]], %c1000_i64 : i64
// CHECK: cp.async.bulk.shared::cluster.global
// CHECK: mbarrier.try_wait
// CHECK-NOT: scf.if
// CHECK: rsqrt
// CHECK: gpu.return
func.func @bf16_127_static_rows(%x: memref<1000x127xbf16, strided<[?, 1]>>, %w: memref<127xbf16>, %y: memref<1000x127xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<1000x127xbf16, strided<[?, 1]>>) weight(%w : memref<127xbf16>) outs(%y : memref<1000x127xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// In place: one buffer, one stride.
// CHECK-LABEL: gpu.func @f32_127_in_place(
// CHECK-SAME: workgroup(%{{.*}} : memref<8160xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %{{.*}} : memref<1xi64, #gpu.address_space<workgroup>>)
// CHECK: cp.async.bulk.shared::cluster.global
// 32-bit elements: vectors read and written as vectors.
// CHECK-NOT: llvm.intr.fshr
// CHECK: vector.load %{{.*}} : memref<1024xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NOT: llvm.intr.fshr
// CHECK: cp.async.bulk.global.shared::cta
// CHECK: gpu.return
func.func @f32_127_in_place(%xy: memref<?x127xf32, strided<[?, 1]>>, %w: memref<127xf32>, %eps: f32) {
  rownorm.rms_norm ins(%xy : memref<?x127xf32, strided<[?, 1]>>) weight(%w : memref<127xf32>) outs(%xy : memref<?x127xf32, strided<[?, 1]>>) epsilon(%eps)
  return
}

// The buffer is declared statically, within the target's static limit
// (sm_90: 48 KiB, TargetInfo::getStaticSharedMemoryPerBlock): 64 rows of
// 254 bytes are staged (16288 bytes in, 16256 out), 128 rows (65056 bytes)
// are not, though a block may use 227 KiB with an opt-in.
// CHECK-LABEL: gpu.func @bf16_127_rows_64(
// CHECK-SAME: workgroup(%{{.*}} : memref<32544xi8
// CHECK: cp.async.bulk.shared::cluster.global
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @bf16_127_rows_128(
// CHECK-NOT: workgroup(
// CHECK-NOT: llvm.inline_asm
// CHECK: gpu.return
func.func @bf16_127_rows_64(%x: memref<?x127xbf16, strided<[?, 1]>>, %w: memref<127xbf16>, %y: memref<?x127xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16, strided<[?, 1]>>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16, strided<[?, 1]>>) epsilon(%eps) {schedule = #rownorm.schedule<rows_per_block = 64, threads_per_row = 2, vector_width = 8, vectors_per_thread = 8>}
  return
}
func.func @bf16_127_rows_128(%x: memref<?x127xbf16, strided<[?, 1]>>, %w: memref<127xbf16>, %y: memref<?x127xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16, strided<[?, 1]>>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16, strided<[?, 1]>>) epsilon(%eps) {schedule = #rownorm.schedule<rows_per_block = 128, threads_per_row = 2, vector_width = 8, vectors_per_thread = 8>}
  return
}

// The row limit is one of elements, not bytes: 256, for rows of an odd
// number of 16-bit elements (bf16 199, 201 and 255 are staged; bf16 257 is
// not), of an even one (bf16 254, 508 bytes, is; bf16 258 is not) and of
// 32-bit ones (f32 255, 1020 bytes, is; f32 257 is not).
// CHECK-LABEL: gpu.func @bf16_199(
// CHECK: cp.async.bulk.shared::cluster.global
// CHECK: gpu.return
func.func @bf16_199(%x: memref<?x199xbf16, strided<[?, 1]>>, %w: memref<199xbf16>, %y: memref<?x199xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x199xbf16, strided<[?, 1]>>) weight(%w : memref<199xbf16>) outs(%y : memref<?x199xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}
// CHECK-LABEL: gpu.func @bf16_201(
// CHECK: cp.async.bulk.shared::cluster.global
// CHECK: gpu.return
func.func @bf16_201(%x: memref<?x201xbf16, strided<[?, 1]>>, %w: memref<201xbf16>, %y: memref<?x201xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x201xbf16, strided<[?, 1]>>) weight(%w : memref<201xbf16>) outs(%y : memref<?x201xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// CHECK-LABEL: gpu.func @bf16_255(
// CHECK: cp.async.bulk.shared::cluster.global
// CHECK: gpu.return
func.func @bf16_255(%x: memref<?x255xbf16, strided<[?, 1]>>, %w: memref<255xbf16>, %y: memref<?x255xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x255xbf16, strided<[?, 1]>>) weight(%w : memref<255xbf16>) outs(%y : memref<?x255xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}
// CHECK-LABEL: gpu.func @bf16_257(
// CHECK-NOT: workgroup(
// CHECK-NOT: llvm.inline_asm
// CHECK: gpu.return
func.func @bf16_257(%x: memref<?x257xbf16, strided<[?, 1]>>, %w: memref<257xbf16>, %y: memref<?x257xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x257xbf16, strided<[?, 1]>>) weight(%w : memref<257xbf16>) outs(%y : memref<?x257xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}
// CHECK-LABEL: gpu.func @bf16_254(
// CHECK: cp.async.bulk.shared::cluster.global
// CHECK: gpu.return
func.func @bf16_254(%x: memref<?x254xbf16, strided<[?, 1]>>, %w: memref<254xbf16>, %y: memref<?x254xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x254xbf16, strided<[?, 1]>>) weight(%w : memref<254xbf16>) outs(%y : memref<?x254xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}
// CHECK-LABEL: gpu.func @bf16_258(
// CHECK-NOT: workgroup(
// CHECK-NOT: llvm.inline_asm
// CHECK: gpu.return
func.func @bf16_258(%x: memref<?x258xbf16, strided<[?, 1]>>, %w: memref<258xbf16>, %y: memref<?x258xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x258xbf16, strided<[?, 1]>>) weight(%w : memref<258xbf16>) outs(%y : memref<?x258xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// CHECK-LABEL: gpu.func @f32_255(
// CHECK: cp.async.bulk.shared::cluster.global
// CHECK: gpu.return
func.func @f32_255(%x: memref<?x255xf32, strided<[?, 1]>>, %w: memref<255xf32>, %y: memref<?x255xf32, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x255xf32, strided<[?, 1]>>) weight(%w : memref<255xf32>) outs(%y : memref<?x255xf32, strided<[?, 1]>>) epsilon(%eps)
  return
}
// CHECK-LABEL: gpu.func @f32_257(
// CHECK-NOT: workgroup(
// CHECK-NOT: llvm.inline_asm
// CHECK: gpu.return
func.func @f32_257(%x: memref<?x257xf32, strided<[?, 1]>>, %w: memref<257xf32>, %y: memref<?x257xf32, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x257xf32, strided<[?, 1]>>) weight(%w : memref<257xf32>) outs(%y : memref<?x257xf32, strided<[?, 1]>>) epsilon(%eps)
  return
}

// CHECK-LABEL: gpu.func @bf16_127_stride_130(
// CHECK-NOT: workgroup(
// CHECK-NOT: llvm.inline_asm
// CHECK: gpu.return
func.func @bf16_127_stride_130(%x: memref<?x127xbf16, strided<[130, 1]>>, %w: memref<127xbf16>, %y: memref<?x127xbf16, strided<[130, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16, strided<[130, 1]>>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16, strided<[130, 1]>>) epsilon(%eps)
  return
}

// CHECK-LABEL: gpu.func @bf16_128(
// CHECK-NOT: workgroup(
// CHECK-NOT: llvm.inline_asm
// CHECK: gpu.return
func.func @bf16_128(%x: memref<?x128xbf16, strided<[?, 1]>>, %w: memref<128xbf16>, %y: memref<?x128xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x128xbf16, strided<[?, 1]>>) weight(%w : memref<128xbf16>) outs(%y : memref<?x128xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// CHECK-LABEL: gpu.func @bf16_1025(
// CHECK-NOT: llvm.inline_asm
// CHECK: gpu.return
func.func @bf16_1025(%x: memref<?x1025xbf16, strided<[?, 1]>>, %w: memref<1025xbf16>, %y: memref<?x1025xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x1025xbf16, strided<[?, 1]>>) weight(%w : memref<1025xbf16>) outs(%y : memref<?x1025xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// y's region starts on a 16-byte boundary whatever the vector: bf16 N = 3
// takes vectors of 4 (8 bytes); 128 rows (768 bytes) and a vector and a
// word round up to 784.
// CHECK-LABEL: gpu.func @bf16_3(
// CHECK-SAME: workgroup(%[[BUF3:.*]] : memref<1552xi8
// CHECK: memref.view %[[BUF3]][%c0{{.*}}][] : memref<1552xi8, #gpu.address_space<workgroup>> to memref<392xbf16
// CHECK: memref.view %[[BUF3]][%c784{{.*}}][] : memref<1552xi8, #gpu.address_space<workgroup>> to memref<384xbf16
// CHECK: gpu.return
func.func @bf16_3(%x: memref<?x3xbf16, strided<[?, 1]>>, %w: memref<3xbf16>, %y: memref<?x3xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x3xbf16, strided<[?, 1]>>) weight(%w : memref<3xbf16>) outs(%y : memref<?x3xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// Vectors of 2 (a schedule given in the source): at an odd index both
// elements are written alone, with no word between them.
// CHECK-LABEL: gpu.func @bf16_9_pairs(
// CHECK: mbarrier.try_wait
// CHECK: scf.if
// CHECK: vector.extract %{{.*}}[0] : bf16 from vector<2xbf16>
// CHECK-NOT: xi32, #gpu.address_space<workgroup>>
// CHECK: vector.extract %{{.*}}[1] : bf16 from vector<2xbf16>
// CHECK-NOT: xi32, #gpu.address_space<workgroup>>
// CHECK: } else {
// CHECK: vector.bitcast %{{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK: memref.store %{{.*}} : memref<72xi32, #gpu.address_space<workgroup>>
// CHECK: gpu.return
func.func @bf16_9_pairs(%x: memref<?x9xbf16, strided<[?, 1]>>, %w: memref<9xbf16>, %y: memref<?x9xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x9xbf16, strided<[?, 1]>>) weight(%w : memref<9xbf16>) outs(%y : memref<?x9xbf16, strided<[?, 1]>>) epsilon(%eps) {schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 2, vector_width = 2, vectors_per_thread = 2>}
  return
}

// x's row stride fixed at 128, y's a parameter: a block's rows are never
// one run, so the kernel is left as it was (no buffer, no shared bytes
// counted).
// CHECK-LABEL: gpu.func @bf16_127_x_stride_128(
// CHECK-NOT: workgroup(
// CHECK-SAME: static_shared_bytes = 0
// CHECK-NOT: llvm.inline_asm
// CHECK: gpu.return
func.func @bf16_127_x_stride_128(%x: memref<?x127xbf16, strided<[128, 1]>>, %w: memref<127xbf16>, %y: memref<?x127xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16, strided<[128, 1]>>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}
