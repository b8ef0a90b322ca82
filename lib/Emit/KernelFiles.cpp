//===- KernelFiles.cpp - a kernel's manifest and C header -----------------===//

#include "rmsnorm/Emit/KernelFiles.h"
#include "rmsnorm/Runtime/ManifestSchema.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::rmsnorm;
using namespace mlir::rmsnorm::emit;
namespace json = llvm::json;
namespace key = ::rmsnorm::manifest::key;
namespace schema = ::rmsnorm::manifest;

static std::string typeName(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

/// "bf16*" for a pointer, "i64" for a scalar: how the manifest and the
/// header spell a parameter's type.
static std::string paramType(const rownorm::KernelParam &p) {
  return typeName(p.type) + (p.pointer ? "*" : "");
}

std::string mlir::rmsnorm::emit::writeManifest(
    const rownorm::LaunchContract &c, const KernelIdentity &id,
    const KernelPackage &package, ArrayRef<std::string> testPasses) {
  const rownorm::KernelDescription &k = c.kernel;
  json::Array params;
  for (const rownorm::KernelParam &p : c.params) {
    json::Object entry{
        {key::ParamName, p.name},
        {key::ParamKind, p.pointer ? schema::kPointer : schema::kScalar},
        {key::ParamType, paramType(p)}};
    if (p.pointer)
      entry[key::ParamAccess] = p.access;
    if (StringRef(p.name).ends_with("_row_stride"))
      entry[key::ParamUnit] = "elements";
    params.push_back(std::move(entry));
  }
  json::Object files;
  for (const auto &[role, name] : package.files)
    files[role] = name;
  // Each variant's manifest, beside this one (rmsnorm-emit names files
  // <kernel>.<chip>.json).
  json::Array variants;
  for (const std::string &name : k.variants)
    variants.push_back(name + "." + id.chip + ".json");
  // Row strides compiled in, by role; the others are parameters.
  json::Object staticRowStrides;
  for (const auto &[role, stride] : c.staticRowStrides)
    staticRowStrides[role] = stride;
  bool strideParams = llvm::any_of(c.params, [](const auto &p) {
    return StringRef(p.name).ends_with("_row_stride");
  });
  std::string rowStride =
      c.staticRowStrides.empty() ? "any value >= n (elements)"
      : strideParams
          ? "as compiled in for the roles in static_row_strides; any value "
            ">= n (elements) where a *_row_stride parameter takes it"
          : "as compiled in (static_row_strides), no other";
  rownorm::ScheduleAttr s = k.schedule;
  json::Object manifest{
      {key::Schema, schema::kSchemaName},
      {key::SchemaVersion, schema::kSchemaVersion},
      {key::Kernel, id.kernel},
      {key::Symbol, id.symbol},
      {key::Op, k.op},
      {key::Target, id.target},
      {key::Chip, id.chip},
      {key::Dtype, typeName(k.dtype)},
      {key::WeightDtype, typeName(k.weightDtype)},
      {key::N, k.n},
      {key::Epsilon, k.epsilon ? json::Value(k.epsilon.getValueAsDouble())
                               : json::Value(nullptr)},
      {key::StaticRows,
       k.staticRows ? json::Value(*k.staticRows) : json::Value(nullptr)},
      {key::StaticRowStrides, std::move(staticRowStrides)},
      {key::FromRows,
       k.fromRows ? json::Value(*k.fromRows) : json::Value(nullptr)},
      {key::Variants, std::move(variants)},
      {key::Files, std::move(files)},
      {key::Params, std::move(params)},
      {key::Block, json::Array{c.block[0], c.block[1], c.block[2]}},
      {key::Grid, json::Object{{"x", "ceil(rows / " +
                                         std::to_string(c.rowsPerBlock) + ")"},
                               {"y", 1},
                               {"z", 1}}},
      {key::RowsPerBlock, c.rowsPerBlock},
      {key::MaxBlocks, c.maxBlocks},
      {key::DynamicSharedBytes, c.dynamicSharedBytes},
      {key::StaticSharedBytes, c.staticSharedBytes},
      {key::Cluster, nullptr},
      {key::LaunchOverlap, c.launchOverlap},
      {key::Alignment,
       json::Object{{key::BasePointerBytes, c.basePointerAlignment},
                    {"row_stride", rowStride},
                    {"fast_path", "every row stride * sizeof(dtype) is a "
                                  "multiple of " +
                                      std::to_string(c.rowAlignment) +
                                      " bytes"}}},
      {key::Resources, json::Object(package.resources)},
      {key::Schedule,
       json::Object{{"rows_per_block", s.getRowsPerBlock()},
                    {"threads_per_row", s.getThreadsPerRow()},
                    {"vector_width", s.getVectorWidth()},
                    {"vectors_per_thread", s.getVectorsPerThread()}}},
  };
  if (!testPasses.empty())
    manifest[key::TestPasses] = json::Array(testPasses);
  std::string text;
  llvm::raw_string_ostream(text)
      << llvm::formatv("{0:2}", json::Value(std::move(manifest))) << "\n";
  return text;
}

static std::string cIdentifier(StringRef name) {
  std::string out;
  for (char c : name)
    out += llvm::isAlnum(c) ? c : '_';
  return out;
}

std::string mlir::rmsnorm::emit::writeCHeader(const rownorm::LaunchContract &c,
                                              const KernelIdentity &id,
                                              const KernelPackage &package,
                                              StringRef stem) {
  std::string name = cIdentifier(stem);
  std::string upper = StringRef(name).upper();
  StringRef image = package.image;
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "/* Generated by rmsnorm-emit; do not edit. Manifest schema "
     << schema::kSchemaVersion << ". */\n";
  os << "#ifndef RMSNORM_KERNEL_" << upper << "_H\n#define RMSNORM_KERNEL_"
     << upper << "_H\n\n#include <stddef.h>\n\n";
  os << "/* " << package.imageKind << " image of kernel " << id.symbol
     << ". */\n";
  os << "static const unsigned char " << name << "_image[] = {";
  for (size_t i = 0; i < image.size(); ++i) {
    if (i % 16 == 0)
      os << "\n ";
    os << " 0x" << llvm::format_hex_no_prefix((uint8_t)image[i], 2) << ",";
  }
  os << "\n  0x00 /* terminator: PTX text is loaded as a C string */\n};\n";
  os << "static const size_t " << name << "_image_size = " << image.size()
     << ";\n";
  os << "static const char " << name << "_symbol[] = \"" << id.symbol
     << "\";\n";
  bool runtimeEpsilon = !c.kernel.epsilon;
  os << "enum {\n  " << upper << "_BLOCK_X = " << c.block[0] << ",\n  " << upper
     << "_BLOCK_Y = " << c.block[1] << ",\n  " << upper
     << "_BLOCK_Z = " << c.block[2] << ",\n  " << upper
     << "_ROWS_PER_BLOCK = " << c.rowsPerBlock << ",\n  " << upper
     << "_MAX_BLOCKS = " << c.maxBlocks << ",\n  " << upper
     << "_N = " << c.kernel.n << ",\n  " << upper
     << "_DYNAMIC_SHARED_BYTES = " << c.dynamicSharedBytes << ",\n  " << upper
     << "_STATIC_SHARED_BYTES = " << c.staticSharedBytes << ",\n  " << upper
     << "_POINTER_ALIGNMENT = " << c.basePointerAlignment << ",\n  " << upper
     << "_EPSILON_IS_PARAMETER = " << (runtimeEpsilon ? 1 : 0) << ",\n  "
     << upper << "_LAUNCH_OVERLAP = " << (c.launchOverlap ? 1 : 0);
  // Row strides compiled in (a launch must pass exactly these).
  for (const auto &[role, stride] : c.staticRowStrides)
    os << ",\n  " << upper << "_" << StringRef(role).upper()
       << "_ROW_STRIDE = " << stride;
  // A kernel for many rows: from how many rows to prefer it.
  if (c.kernel.fromRows)
    os << ",\n  " << upper << "_FROM_ROWS = " << *c.kernel.fromRows;
  os << "\n};\n";
  if (!c.kernel.variants.empty()) {
    os << "/* Kernels for many rows of the same computation (each correct for "
          "any row count; prefer one from its _FROM_ROWS rows): ";
    llvm::interleave(
        c.kernel.variants, os,
        [&](const std::string &v) { os << v << "." << id.chip << ".h"; }, ", ");
    os << ". */\n";
  }
  if (c.launchOverlap)
    os << "/* _LAUNCH_OVERLAP: the kernel first waits for the kernels before "
          "it in its stream, so it may be launched to overlap their end (the "
          "manifest's launch_overlap; a plain launch is correct too). */\n";
  os << "/* Grid: ((rows + " << c.rowsPerBlock - 1 << ") / " << c.rowsPerBlock
     << ", 1, 1), at most " << upper
     << "_MAX_BLOCKS blocks. Parameters, in order: ";
  llvm::interleave(
      c.params, os,
      [&](const rownorm::KernelParam &p) {
        os << paramType(p) << " " << p.name;
      },
      ", ");
  os << ". */\n\n#endif\n";
  return s;
}
