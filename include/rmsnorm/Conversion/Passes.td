//===- Passes.td - rownorm conversions --------------------*- tablegen -*-===//

#ifndef RMSNORM_CONVERSION_PASSES_TD
#define RMSNORM_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertRowNormToGPU : Pass<"convert-rownorm-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Turn tiled rownorm loop nests into GPU kernels (gpu dialect)";
  let description = [{
    Converts each function holding the tiled form that
    `rownorm-optimize-pipeline` produces into a `gpu.func` kernel of a
    `gpu.module` (`rownorm_kernels`) whose target is the module's
    `rownorm.target`; the host functions are removed.

    The tiled form: the function body is one `scf.parallel` over
    (block[, row in block]) whose body holds, besides scalar code, 1-D
    `scf.parallel` loops over the threads of a row. The mapping:
    - block          -> `gpu.block_id x`  (grid: ceil(M / rows_per_block))
    - row in block   -> `gpu.thread_id y` (rows_per_block)
    - thread of row  -> `gpu.thread_id x` (threads_per_row)
    - `scf.reduce`   -> butterfly of `gpu.shuffle xor` within the subgroup,
      then, for rows wider than a subgroup, one partial per subgroup through
      workgroup memory and one `gpu.barrier`.
    Every thread reaches every shuffle and barrier (rows past M are guarded
    only around their loads and stores).

    Kernel ABI: memref arguments become one pointer each (bare-pointer
    convention; dynamic shapes are rebuilt with `memref.reinterpret_cast`),
    followed by `rows` (i64, if any memref has a dynamic size) and one i64 row
    stride per memref with a dynamic stride, in argument order. Indexing is
    64-bit. When strides are dynamic, a uniform branch on the strides picks a
    copy of the body whose row accesses carry `alignment = 16` (base pointers
    must be 16-byte aligned), or the copy with element alignment.

    Each kernel records its launch contract in a `rownorm.launch` dictionary:
    block size, rows per block, the parameter list and workgroup memory. Loops
    of at most 16 iterations are unrolled, so a thread issues all its loads
    before it reduces. `math.rsqrt` becomes the target's approximate rsqrt
    intrinsic (TargetInfo), so no device library is needed.
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect"
  ];
}

#endif // RMSNORM_CONVERSION_PASSES_TD
