//===- ManifestSchema.h - manifest keys and version ------------*- C++ -*-===//
//
// One spelling of the manifest schema, shared by the writer (rmsnorm-emit)
// and the reader (lib/Runtime). Plain C++: the runtime needs no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_RUNTIME_MANIFESTSCHEMA_H
#define RMSNORM_RUNTIME_MANIFESTSCHEMA_H

namespace rmsnorm::manifest {

inline constexpr char kSchemaName[] = "rmsnorm-kernel-manifest";
/// Version 2: epsilon may be a kernel parameter (then "epsilon" is null and
/// "params" holds an f32 "epsilon"); "static_rows" added. Added within
/// version 2 (readers that ignore them stay correct): "from_rows" and
/// "variants" (kernels of the same computation for many rows).
/// Version 3: "static_row_strides", the row strides compiled into the kernel
/// (a row role without a "<role>_row_stride" parameter); a version-2 reader
/// would launch such a kernel with any stride and read the wrong rows.
/// Version 4: "launch_overlap" (true: the kernel waits for the kernels before
/// it in its stream at its start, and a loader launches it overlapping the
/// previous kernel's end: CUDA's programmatic stream serialization).
/// Version 5: "max_blocks", the most blocks the target launches in one grid
/// of the kernel's blocks (a version-4 reader assumed one limit for every
/// target, which lets too large a launch through to some of them).
inline constexpr int kSchemaVersion = 5;

namespace key {
inline constexpr char Schema[] = "schema";
inline constexpr char SchemaVersion[] = "schema_version";
inline constexpr char Kernel[] = "kernel";
inline constexpr char Symbol[] = "symbol";
inline constexpr char Op[] = "op";
inline constexpr char Target[] = "target";
inline constexpr char Chip[] = "chip";
inline constexpr char Dtype[] = "dtype";
inline constexpr char WeightDtype[] = "weight_dtype";
inline constexpr char N[] = "n";
inline constexpr char Epsilon[] = "epsilon";
inline constexpr char StaticRows[] = "static_rows";
inline constexpr char StaticRowStrides[] = "static_row_strides";
inline constexpr char FromRows[] = "from_rows";
inline constexpr char Variants[] = "variants";
inline constexpr char Files[] = "files";
inline constexpr char Params[] = "params";
inline constexpr char Block[] = "block";
inline constexpr char Grid[] = "grid";
inline constexpr char RowsPerBlock[] = "rows_per_block";
inline constexpr char MaxBlocks[] = "max_blocks";
inline constexpr char DynamicSharedBytes[] = "dynamic_shared_bytes";
inline constexpr char StaticSharedBytes[] = "static_shared_bytes";
inline constexpr char Cluster[] = "cluster";
inline constexpr char LaunchOverlap[] = "launch_overlap";
inline constexpr char Alignment[] = "alignment";
inline constexpr char BasePointerBytes[] = "base_pointer_bytes";
inline constexpr char Resources[] = "resources";
inline constexpr char Schedule[] = "schedule";
inline constexpr char TestPasses[] = "test_passes";
// Fields of a parameter.
inline constexpr char ParamName[] = "name";
inline constexpr char ParamKind[] = "kind";
inline constexpr char ParamType[] = "type";
inline constexpr char ParamAccess[] = "access";
inline constexpr char ParamUnit[] = "unit";
} // namespace key

/// Values of "kind".
inline constexpr char kPointer[] = "pointer";
inline constexpr char kScalar[] = "scalar";

} // namespace rmsnorm::manifest

#endif // RMSNORM_RUNTIME_MANIFESTSCHEMA_H
