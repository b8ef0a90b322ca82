//===- RowNormAttrs.td - rownorm attributes ---------------*- tablegen -*-===//

#ifndef ROWNORM_ATTRS_TD
#define ROWNORM_ATTRS_TD

include "RowNormDialect.td"
include "mlir/IR/AttrTypeBase.td"

class RowNorm_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<RowNorm_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def RowNorm_ScheduleAttr : RowNorm_Attr<"Schedule", "schedule"> {
  let summary = "How rows are mapped to thread blocks, threads and vectors";
  let description = [{
    The multi-row tiling of a row normalization. A thread block handles
    `rows_per_block` consecutive rows; each row is handled by
    `threads_per_row` threads (a power of two, so the cross-thread reduction
    is a butterfly); each thread loads `vectors_per_thread` vectors of
    `vector_width` elements, strided by `threads_per_row * vector_width`
    elements, before it reduces. The block has
    `rows_per_block * threads_per_row` threads and the grid
    `ceil(M / rows_per_block)` blocks.

    `vector_width * threads_per_row * vectors_per_thread` must cover the row;
    the part beyond N is the ragged tail that masking makes safe.

    Bounds no target exceeds, checked by the verifier: threads_per_row,
    rows_per_block and their product at most 1024 (threads per block),
    vector_width at most 64, vectors_per_thread at most 65536. A target's own
    limits are checked by `rownorm-tile-rows`.

    Chosen by `rownorm-tile-rows` (from N, the element type and the target
    description) and consumed by `rownorm-expand`.

    Example (N = 4096, bf16, on sm_90):

    ```mlir
    #rownorm.schedule<rows_per_block = 1, threads_per_row = 128,
                      vector_width = 8, vectors_per_thread = 4>
    ```
  }];
  let parameters = (ins "int64_t":$rows_per_block, "int64_t":$threads_per_row,
                        "int64_t":$vector_width, "int64_t":$vectors_per_thread);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Bounds no target exceeds (the verifier's).
    static constexpr int64_t kMaxThreadsPerBlock = 1024;
    static constexpr int64_t kMaxVectorWidth = 64;
    static constexpr int64_t kMaxVectorsPerThread = 65536;
    /// Threads of one thread block.
    int64_t getBlockSize() const { return getRowsPerBlock() * getThreadsPerRow(); }
    /// Elements of a row that the schedule covers (>= N).
    int64_t getCoveredColumns() const {
      return getVectorWidth() * getThreadsPerRow() * getVectorsPerThread();
    }
  }];
}

#endif // ROWNORM_ATTRS_TD
