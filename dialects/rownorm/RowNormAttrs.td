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

    `vector_width * threads_per_row * vectors_per_thread` must cover the
    row's vectors: all of them (the last may be partial: masking makes the
    part beyond N safe) when N is a multiple of `vector_width` or shorter
    than two vectors, else its N / vector_width whole vectors, the rest
    being tail elements one per thread (`rownorm-align-rows`).

    Bounds no target exceeds, checked by the verifier: threads_per_row,
    rows_per_block and their product at most 1024 (threads per block),
    vector_width at most 64, vectors_per_thread at most 65536. A target's own
    limits are checked by `rownorm-tile-rows`.

    Chosen by `rownorm-tile-rows` (from N, the element type and the target
    description) and consumed by `rownorm-expand`.

    Example (N = 4096, bf16, on sm_90):

    ```mlir
    #rownorm.schedule<rows_per_block = 1, threads_per_row = 256,
                      vector_width = 8, vectors_per_thread = 2>
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
    /// Elements of a row that the schedule's vectors cover.
    int64_t getCoveredColumns() const {
      return getVectorWidth() * getThreadsPerRow() * getVectorsPerThread();
    }
    /// The vectors of a row of `n` that threads share: whole vectors only
    /// when the rest goes to tail elements (n not a multiple of `width`,
    /// at least two vectors), else every vector, the last maybe partial.
    static int64_t rowVectors(int64_t n, int64_t width) {
      bool partial = n % width != 0;
      return partial && n / width >= 2 ? n / width : n / width + partial;
    }
    /// vectors_per_thread that covers those vectors.
    static int64_t vectorsPerThreadFor(int64_t n, int64_t width,
                                       int64_t threads) {
      int64_t vectors = rowVectors(n, width);
      return vectors / threads + (vectors % threads != 0);
    }
  }];
}

#endif // ROWNORM_ATTRS_TD
