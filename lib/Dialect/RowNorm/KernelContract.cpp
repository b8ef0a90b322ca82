//===- KernelContract.cpp - rownorm.kernel and rownorm.launch -------------===//

#include "rmsnorm/Dialect/RowNorm/KernelContract.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>

using namespace mlir;
using namespace mlir::rmsnorm::rownorm;

namespace {
using EmitFn = function_ref<InFlightDiagnostic()>;

constexpr llvm::StringLiteral kRoles[] = {"x", "w", "y", "xy", "epsilon"};

bool isElementType(Type type) {
  return type && (type.isF32() || type.isF16() || type.isBF16());
}

/// Reads the fields of one dictionary, reporting the first problem with the
/// dictionary's name (`what`) and the key.
class Reader {
public:
  Reader(DictionaryAttr dict, StringRef what, EmitFn emitError)
      : dict(dict), what(what), emitError(emitError) {}

  template <typename AttrT> FailureOr<AttrT> get(StringRef key) {
    Attribute value = dict.get(key);
    if (!value)
      return fail() << "has no '" << key << "'";
    auto typed = dyn_cast<AttrT>(value);
    if (!typed)
      return fail() << "has a '" << key << "' of the wrong kind: " << value;
    return typed;
  }
  template <typename AttrT> FailureOr<AttrT> getOptional(StringRef key) {
    if (!dict.get(key))
      return AttrT();
    return get<AttrT>(key);
  }
  FailureOr<int64_t> getInt(StringRef key, int64_t min) {
    FailureOr<IntegerAttr> attr = get<IntegerAttr>(key);
    if (failed(attr))
      return failure();
    auto type = dyn_cast<IntegerType>(attr->getType());
    if (!type || !type.isSignless() || type.getWidth() > 64)
      return fail() << "expects '" << key
                    << "' to be a signless integer of at most 64 bits, got "
                    << *attr;
    std::optional<int64_t> value = countValue(*attr, min);
    if (!value)
      return fail() << "expects '" << key << "' to be at least " << min
                    << ", got " << *attr;
    return *value;
  }
  FailureOr<Type> getType(StringRef key) {
    FailureOr<TypeAttr> attr = get<TypeAttr>(key);
    if (failed(attr))
      return failure();
    return attr->getValue();
  }
  InFlightDiagnostic fail() { return emitError() << "'" << what << "' "; }

private:
  DictionaryAttr dict;
  StringRef what;
  EmitFn emitError;
};
/// The schedule, spelled in builtin attributes (so that upstream tools can
/// parse IR that carries a contract) and checked like a #rownorm.schedule.
FailureOr<ScheduleAttr> readSchedule(Reader &r, EmitFn emitError) {
  FailureOr<DictionaryAttr> dict = r.get<DictionaryAttr>("schedule");
  if (failed(dict))
    return failure();
  Reader fields(*dict, "schedule", emitError);
  FailureOr<int64_t> rows = fields.getInt("rows_per_block", 1);
  FailureOr<int64_t> threads = fields.getInt("threads_per_row", 1);
  FailureOr<int64_t> width = fields.getInt("vector_width", 1);
  FailureOr<int64_t> vectors = fields.getInt("vectors_per_thread", 1);
  if (failed(rows) || failed(threads) || failed(width) || failed(vectors))
    return failure();
  ScheduleAttr schedule = ScheduleAttr::getChecked(
      emitError, dict->getContext(), *rows, *threads, *width, *vectors);
  if (!schedule)
    return failure();
  return schedule;
}
} // namespace

std::string mlir::rmsnorm::rownorm::checkKernelName(StringRef name) {
  if (name.empty())
    return "a kernel needs a name";
  if (name.size() > kMaxKernelNameLength)
    return "kernel names have at most " + std::to_string(kMaxKernelNameLength) +
           " characters, got " + std::to_string(name.size());
  if (!llvm::isAlpha(name.front()))
    return "kernel names start with a letter";
  for (char c : name)
    if (!llvm::isAlnum(c) && c != '_')
      return "kernel names hold only letters, digits and '_'";
  return "";
}

std::string mlir::rmsnorm::rownorm::checkKernelNames(ArrayAttr names) {
  std::string why;
  llvm::raw_string_ostream os(why);
  for (Attribute name : names) {
    auto text = dyn_cast<StringAttr>(name);
    if (!text) {
      os << "expects kernel names, got " << name;
      break;
    }
    if (std::string reason = checkKernelName(text.getValue());
        !reason.empty()) {
      os << "names " << name << ", which cannot be a kernel: " << reason;
      break;
    }
  }
  return why;
}

std::optional<int64_t> mlir::rmsnorm::rownorm::countValue(Attribute attr,
                                                          int64_t min) {
  auto integer = dyn_cast<IntegerAttr>(attr);
  auto type = integer ? dyn_cast<IntegerType>(integer.getType()) : IntegerType();
  if (!type || !type.isSignless() || type.getWidth() > 64 ||
      integer.getValue().getSExtValue() < min)
    return std::nullopt;
  return integer.getValue().getSExtValue();
}

std::string mlir::rmsnorm::rownorm::symbolText(MLIRContext *ctx,
                                               StringRef name) {
  if (name.empty())
    return "@\"\"";
  std::string s;
  llvm::raw_string_ostream os(s);
  SymbolRefAttr::get(ctx, name).print(os);
  return s;
}

DictionaryAttr KernelDescription::toAttr(MLIRContext *ctx) const {
  Builder b(ctx);
  SmallVector<NamedAttribute> entries = {
      b.getNamedAttr("op", b.getStringAttr(op)),
      b.getNamedAttr("dtype", TypeAttr::get(dtype)),
      b.getNamedAttr("weight_dtype", TypeAttr::get(weightDtype)),
      b.getNamedAttr("n", b.getI64IntegerAttr(n)),
      b.getNamedAttr(
          "schedule",
          b.getDictionaryAttr(
              {b.getNamedAttr("rows_per_block",
                              b.getI64IntegerAttr(schedule.getRowsPerBlock())),
               b.getNamedAttr("threads_per_row",
                              b.getI64IntegerAttr(schedule.getThreadsPerRow())),
               b.getNamedAttr("vector_width",
                              b.getI64IntegerAttr(schedule.getVectorWidth())),
               b.getNamedAttr(
                   "vectors_per_thread",
                   b.getI64IntegerAttr(schedule.getVectorsPerThread()))})),
      b.getNamedAttr("roles",
                     b.getStrArrayAttr(llvm::to_vector_of<StringRef>(roles)))};
  if (epsilon)
    entries.push_back(b.getNamedAttr("epsilon", epsilon));
  if (staticRows)
    entries.push_back(
        b.getNamedAttr("static_rows", b.getI64IntegerAttr(*staticRows)));
  if (fromRows)
    entries.push_back(
        b.getNamedAttr("from_rows", b.getI64IntegerAttr(*fromRows)));
  if (!variants.empty())
    entries.push_back(b.getNamedAttr(
        "variants", b.getStrArrayAttr(llvm::to_vector_of<StringRef>(variants))));
  return b.getDictionaryAttr(entries);
}

FailureOr<KernelDescription> KernelDescription::fromAttr(DictionaryAttr dict,
                                                         EmitFn emitError,
                                                         StringRef what) {
  Reader r(dict, what, emitError);
  KernelDescription d;
  FailureOr<StringAttr> op = r.get<StringAttr>("op");
  FailureOr<Type> dtype = r.getType("dtype");
  FailureOr<Type> weightDtype = r.getType("weight_dtype");
  FailureOr<int64_t> n = r.getInt("n", 1);
  FailureOr<ScheduleAttr> schedule = readSchedule(r, emitError);
  FailureOr<FloatAttr> epsilon = r.getOptional<FloatAttr>("epsilon");
  FailureOr<ArrayAttr> roles = r.get<ArrayAttr>("roles");
  if (failed(op) || failed(dtype) || failed(weightDtype) || failed(n) ||
      failed(schedule) || failed(epsilon) || failed(roles))
    return failure();
  if (op->getValue() != "rms_norm")
    return r.fail() << "describes an unknown op '" << op->getValue() << "'";
  if (!isElementType(*dtype))
    return r.fail() << "expects dtype f32, f16 or bf16, got " << *dtype;
  if (*weightDtype != *dtype && !weightDtype->isF32())
    return r.fail() << "expects weight_dtype " << *dtype << " or f32, got "
                    << *weightDtype;
  if (*epsilon) {
    APFloat value = epsilon->getValue();
    if (!epsilon->getType().isF32() || !value.isFinite() || value.isZero() ||
        value.isNegative())
      return r.fail() << "expects a positive, finite f32 epsilon, got "
                      << *epsilon;
  }
  if (dict.get("static_rows")) {
    FailureOr<int64_t> rows = r.getInt("static_rows", 1);
    if (failed(rows))
      return failure();
    d.staticRows = *rows;
  }
  if (dict.get("from_rows")) {
    FailureOr<int64_t> rows = r.getInt("from_rows", 1);
    if (failed(rows))
      return failure();
    d.fromRows = *rows;
  }
  if (dict.get("variants")) {
    FailureOr<ArrayAttr> names = r.get<ArrayAttr>("variants");
    if (failed(names))
      return failure();
    if (std::string why = checkKernelNames(*names); !why.empty())
      return r.fail() << "'variants' " << why;
    for (auto name : names->getAsRange<StringAttr>())
      d.variants.push_back(name.getValue().str());
  }
  // The schedule must cover the row exactly as rownorm-tile-rows computes it.
  if (schedule->getVectorsPerThread() !=
      ScheduleAttr::vectorsPerThreadFor(*n, schedule->getVectorWidth(),
                                        schedule->getThreadsPerRow()))
    return r.fail() << "has a schedule that does not cover a row of " << *n
                    << " elements: " << *schedule;

  int counts[std::size(kRoles)] = {};
  for (Attribute role : *roles) {
    auto name = dyn_cast<StringAttr>(role);
    const auto *known =
        name ? llvm::find(kRoles, name.getValue()) : std::end(kRoles);
    if (known == std::end(kRoles))
      return r.fail() << "has an unknown role " << role << " (known: x, w, y, "
                      << "xy, epsilon)";
    ++counts[known - std::begin(kRoles)];
    d.roles.push_back(name.getValue().str());
  }
  int x = counts[0], w = counts[1], y = counts[2], xy = counts[3],
      eps = counts[4];
  if (w != 1 ||
      !((x == 1 && y == 1 && xy == 0) || (x == 0 && y == 0 && xy == 1)))
    return r.fail() << "expects the roles w once and either x and y or xy "
                       "once, got "
                    << *roles;
  if (eps != (*epsilon ? 0 : 1))
    return r.fail() << (*epsilon ? "has both a built-in epsilon and an "
                                   "'epsilon' argument"
                                 : "has neither a built-in epsilon nor an "
                                   "'epsilon' argument");
  d.op = op->getValue().str();
  d.dtype = *dtype;
  d.weightDtype = *weightDtype;
  d.n = *n;
  d.epsilon = *epsilon;
  d.schedule = *schedule;
  return d;
}

DictionaryAttr LaunchContract::toAttr(MLIRContext *ctx) const {
  Builder b(ctx);
  SmallVector<NamedAttribute> entries(kernel.toAttr(ctx).getValue());
  SmallVector<Attribute> paramAttrs;
  for (const KernelParam &p : params) {
    SmallVector<NamedAttribute> fields = {
        b.getNamedAttr("name", b.getStringAttr(p.name)),
        b.getNamedAttr("kind",
                       b.getStringAttr(p.pointer ? "pointer" : "scalar")),
        b.getNamedAttr("type", TypeAttr::get(p.type))};
    if (p.pointer)
      fields.push_back(b.getNamedAttr("access", b.getStringAttr(p.access)));
    paramAttrs.push_back(b.getDictionaryAttr(fields));
  }
  entries.append({
      b.getNamedAttr("block", b.getDenseI64ArrayAttr(block)),
      b.getNamedAttr("rows_per_block", b.getI64IntegerAttr(rowsPerBlock)),
      b.getNamedAttr("max_blocks", b.getI64IntegerAttr(maxBlocks)),
      b.getNamedAttr("params", b.getArrayAttr(paramAttrs)),
      b.getNamedAttr("static_shared_bytes",
                     b.getI64IntegerAttr(staticSharedBytes)),
      b.getNamedAttr("dynamic_shared_bytes",
                     b.getI64IntegerAttr(dynamicSharedBytes)),
      b.getNamedAttr("base_pointer_alignment",
                     b.getI64IntegerAttr(basePointerAlignment)),
      b.getNamedAttr("row_alignment", b.getI64IntegerAttr(rowAlignment)),
  });
  if (!staticRowStrides.empty()) {
    SmallVector<NamedAttribute> strides;
    for (const auto &[role, stride] : staticRowStrides)
      strides.push_back(b.getNamedAttr(role, b.getI64IntegerAttr(stride)));
    entries.push_back(
        b.getNamedAttr("static_row_strides", b.getDictionaryAttr(strides)));
  }
  if (launchOverlap)
    entries.push_back(b.getNamedAttr("launch_overlap", b.getUnitAttr()));
  return b.getDictionaryAttr(entries);
}

FailureOr<LaunchContract> LaunchContract::fromAttr(DictionaryAttr dict,
                                                   EmitFn emitError) {
  FailureOr<KernelDescription> kernel = KernelDescription::fromAttr(
      dict, emitError, RowNormDialect::getLaunchAttrName());
  if (failed(kernel))
    return failure();
  Reader r(dict, RowNormDialect::getLaunchAttrName(), emitError);
  LaunchContract c;
  c.kernel = *kernel;
  FailureOr<DenseI64ArrayAttr> block = r.get<DenseI64ArrayAttr>("block");
  FailureOr<int64_t> rowsPerBlock = r.getInt("rows_per_block", 1);
  FailureOr<int64_t> maxBlocks = r.getInt("max_blocks", 1);
  FailureOr<ArrayAttr> params = r.get<ArrayAttr>("params");
  FailureOr<int64_t> staticShared = r.getInt("static_shared_bytes", 0);
  FailureOr<int64_t> dynamicShared = r.getInt("dynamic_shared_bytes", 0);
  FailureOr<int64_t> pointerAlignment = r.getInt("base_pointer_alignment", 1);
  FailureOr<int64_t> rowAlignment = r.getInt("row_alignment", 1);
  if (failed(block) || failed(rowsPerBlock) || failed(maxBlocks) ||
      failed(params) || failed(staticShared) || failed(dynamicShared) ||
      failed(pointerAlignment) || failed(rowAlignment))
    return failure();
  ScheduleAttr schedule = kernel->schedule;
  ArrayRef<int64_t> dims = block->asArrayRef();
  if (dims.size() != 3 || dims[0] != schedule.getThreadsPerRow() ||
      dims[1] != schedule.getRowsPerBlock() || dims[2] != 1)
    return r.fail() << "expects block (" << schedule.getThreadsPerRow() << ", "
                    << schedule.getRowsPerBlock()
                    << ", 1) for its schedule, got " << *block;
  if (*rowsPerBlock != schedule.getRowsPerBlock())
    return r.fail() << "expects rows_per_block " << schedule.getRowsPerBlock()
                    << " for its schedule, got " << *rowsPerBlock;
  // No target launches more blocks along x, and the C header spells the
  // limit as an int.
  if (*maxBlocks > int64_t{INT32_MAX})
    return r.fail() << "expects 'max_blocks' to be at most 2^31 - 1, got "
                    << *maxBlocks;
  if (kernel->staticRows &&
      llvm::divideCeilSigned(*kernel->staticRows, *rowsPerBlock) > *maxBlocks)
    return r.fail() << "has static rows (" << *kernel->staticRows
                    << ") that need more than max_blocks (" << *maxBlocks
                    << ") blocks of " << *rowsPerBlock << " rows";
  if (!llvm::isPowerOf2_64(*pointerAlignment) ||
      !llvm::isPowerOf2_64(*rowAlignment))
    return r.fail() << "expects power-of-two alignments";

  llvm::StringSet<> seen;
  bool hasRows = false;
  for (Attribute entry : *params) {
    auto fields = dyn_cast<DictionaryAttr>(entry);
    if (!fields)
      return r.fail() << "expects dictionaries in 'params', got " << entry;
    Reader p(fields, RowNormDialect::getLaunchAttrName(), emitError);
    FailureOr<StringAttr> name = p.get<StringAttr>("name");
    FailureOr<StringAttr> kind = p.get<StringAttr>("kind");
    FailureOr<Type> type = p.getType("type");
    if (failed(name) || failed(kind) || failed(type))
      return failure();
    KernelParam param;
    param.name = name->getValue().str();
    param.type = *type;
    param.pointer = kind->getValue() == "pointer";
    if (!param.pointer && kind->getValue() != "scalar")
      return r.fail() << "has a parameter kind " << *kind
                      << " (pointer, scalar)";
    if (!seen.insert(param.name).second)
      return r.fail() << "names parameter '" << param.name << "' twice";
    // What each name means fixes its kind and type.
    Type expected;
    StringRef pname = param.name;
    Builder b(dict.getContext());
    if (pname == "x" || pname == "y" || pname == "xy")
      expected = kernel->dtype;
    else if (pname == "w")
      expected = kernel->weightDtype;
    else if (pname == "epsilon")
      expected = b.getF32Type();
    else if (pname == "rows" || pname == "x_row_stride" ||
             pname == "y_row_stride" || pname == "xy_row_stride")
      expected = b.getI64Type();
    else
      return r.fail() << "has an unknown parameter '" << pname << "'";
    bool pointer =
        pname == "x" || pname == "y" || pname == "xy" || pname == "w";
    if (param.pointer != pointer || param.type != expected)
      return r.fail() << "expects parameter '" << pname << "' to be a "
                      << (pointer ? "pointer to " : "scalar ") << expected;
    if (pointer) {
      FailureOr<StringAttr> access = p.get<StringAttr>("access");
      if (failed(access))
        return failure();
      StringRef want = pname == "y"    ? "write"
                       : pname == "xy" ? "read-write"
                                       : "read";
      if (access->getValue() != want)
        return r.fail() << "expects access \"" << want << "\" for '" << pname
                        << "', got " << *access;
      param.access = want.str();
    }
    hasRows |= pname == "rows";
    c.params.push_back(param);
  }
  for (const std::string &role : kernel->roles)
    if (!seen.contains(role))
      return r.fail() << "has no parameter for its argument '" << role << "'";
  if (hasRows == kernel->staticRows.has_value())
    return r.fail() << (hasRows ? "has a 'rows' parameter and static rows"
                                : "has neither a 'rows' parameter nor static "
                                  "rows");
  // Each data role's row stride: a parameter, or fixed in the source and
  // recorded here (a loader checks a caller's stride against it).
  FailureOr<DictionaryAttr> staticStrides =
      r.getOptional<DictionaryAttr>("static_row_strides");
  if (failed(staticStrides))
    return failure();
  if (*staticStrides) {
    Reader strides(*staticStrides, "static_row_strides", emitError);
    for (NamedAttribute entry : *staticStrides) {
      StringRef role = entry.getName().getValue();
      if (!llvm::is_contained(kernel->roles, role) ||
          !llvm::is_contained({"x", "y", "xy"}, role))
        return r.fail() << "has a static row stride for '" << role
                        << "', which is not one of its rows' roles";
      FailureOr<int64_t> stride = strides.getInt(role, kernel->n);
      if (failed(stride))
        return failure();
      if (*stride > kMaxStaticRowStride)
        return r.fail() << "has a static row stride for '" << role
                        << "' beyond 2^53 elements: " << *stride;
      c.staticRowStrides.emplace_back(role.str(), *stride);
    }
  }
  for (StringRef role : {"x", "y", "xy"}) {
    if (!llvm::is_contained(kernel->roles, role))
      continue;
    bool param = seen.contains((role + "_row_stride").str());
    bool fixed = *staticStrides && staticStrides->get(role);
    if (param == fixed)
      return r.fail() << (param ? "has both a '" : "has neither a '") << role
                      << "_row_stride' parameter " << (param ? "and" : "nor")
                      << " a static row stride for '" << role << "'";
  }
  FailureOr<UnitAttr> launchOverlap = r.getOptional<UnitAttr>("launch_overlap");
  if (failed(launchOverlap))
    return failure();
  c.launchOverlap = bool(*launchOverlap);
  if (*dynamicShared != 0)
    return r.fail() << "expects no dynamic shared memory, got "
                    << *dynamicShared << " bytes";
  llvm::copy(dims, c.block);
  c.rowsPerBlock = *rowsPerBlock;
  c.maxBlocks = *maxBlocks;
  c.staticSharedBytes = *staticShared;
  c.dynamicSharedBytes = *dynamicShared;
  c.basePointerAlignment = *pointerAlignment;
  c.rowAlignment = *rowAlignment;
  return c;
}
