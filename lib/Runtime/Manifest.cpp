//===- Manifest.cpp - reading rmsnorm kernel manifests --------------------===//

#include "rmsnorm/Runtime/Manifest.h"
#include "rmsnorm/Runtime/ManifestSchema.h"

#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace rmsnorm::runtime {
namespace {
class Parser {
public:
  explicit Parser(const std::string &text) : text(text) {}

  Json parseDocument() {
    // A UTF-8 byte-order mark is allowed before the value.
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0)
      pos = 3;
    Json value = parseValue();
    skipSpace();
    if (pos != text.size())
      fail("unexpected text after the JSON value");
    return value;
  }

private:
  [[noreturn]] void fail(const std::string &what) {
    size_t line = 1;
    for (size_t i = 0; i < pos && i < text.size(); ++i)
      line += text[i] == '\n';
    throw Error("malformed JSON at line " + std::to_string(line) + ": " + what);
  }
  void skipSpace() {
    while (pos < text.size() &&
           std::isspace(static_cast<unsigned char>(text[pos])))
      ++pos;
  }
  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!consume(c))
      fail(std::string("expected '") + c + "'");
  }
  bool keyword(const char *word) {
    size_t len = std::char_traits<char>::length(word);
    if (text.compare(pos, len, word) != 0)
      return false;
    pos += len;
    return true;
  }
  std::string parseString() {
    expect('"');
    std::string out;
    while (pos < text.size() && text[pos] != '"') {
      char c = text[pos++];
      if (c == '\\') {
        if (pos >= text.size())
          fail("unterminated escape");
        char e = text[pos++];
        switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'r':
          out += '\r';
          break;
        case 'u':
          appendUtf8(out, parseCodePoint());
          break;
        default:
          fail(std::string("invalid escape \\") + e);
        }
      } else if (static_cast<unsigned char>(c) < 0x20) {
        fail("control character in a string");
      } else {
        out += c;
      }
    }
    if (pos >= text.size())
      fail("unterminated string");
    ++pos;
    return out;
  }
  unsigned hex4() {
    if (pos + 4 > text.size())
      fail("truncated \\u escape");
    unsigned v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text[pos++];
      v <<= 4;
      if (c >= '0' && c <= '9')
        v |= c - '0';
      else if (c >= 'a' && c <= 'f')
        v |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        v |= c - 'A' + 10;
      else
        fail("invalid \\u escape");
    }
    return v;
  }
  /// After "\\u": a code point, joining a UTF-16 surrogate pair.
  unsigned parseCodePoint() {
    unsigned first = hex4();
    if (first >= 0xDC00 && first <= 0xDFFF)
      fail("unpaired low surrogate in \\u escape");
    if (first < 0xD800 || first > 0xDBFF)
      return first;
    if (text.compare(pos, 2, "\\u") != 0)
      fail("unpaired high surrogate in \\u escape");
    pos += 2;
    unsigned second = hex4();
    if (second < 0xDC00 || second > 0xDFFF)
      fail("unpaired high surrogate in \\u escape");
    return 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
  }
  static void appendUtf8(std::string &out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  /// A number as JSON spells it: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
  /// (no NaN, Infinity, hex or leading '+').
  double parseNumber() {
    size_t start = pos;
    auto digits = [&] {
      size_t from = pos;
      while (pos < text.size() &&
             std::isdigit(static_cast<unsigned char>(text[pos])))
        ++pos;
      return pos - from;
    };
    if (pos < text.size() && text[pos] == '-')
      ++pos;
    if (pos < text.size() && text[pos] == '0')
      ++pos;
    else if (digits() == 0)
      fail("expected a value");
    if (pos < text.size() && text[pos] == '.') {
      ++pos;
      if (digits() == 0)
        fail("expected digits after '.'");
    }
    if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
      ++pos;
      if (pos < text.size() && (text[pos] == '+' || text[pos] == '-'))
        ++pos;
      if (digits() == 0)
        fail("expected digits in the exponent");
    }
    double value =
        std::strtod(text.substr(start, pos - start).c_str(), nullptr);
    if (!std::isfinite(value))
      fail("number out of range");
    return value;
  }
  Json parseValue() {
    skipSpace();
    if (pos >= text.size())
      fail("unexpected end of input");
    // Deeply nested input must not exhaust the stack.
    if (++depth > kMaxDepth)
      fail("nested deeper than " + std::to_string(kMaxDepth) + " levels");
    struct Leave {
      unsigned &depth;
      ~Leave() { --depth; }
    } leave{depth};
    Json value;
    char c = text[pos];
    if (c == '{') {
      ++pos;
      value.kind = Json::Kind::Object;
      if (consume('}'))
        return value;
      do {
        skipSpace();
        std::string key = parseString();
        // Which of two equal keys a manifest means cannot be known.
        if (value.object.count(key))
          fail("the key \"" + key + "\" appears twice in one object");
        expect(':');
        value.object[key] = parseValue();
      } while (consume(','));
      expect('}');
    } else if (c == '[') {
      ++pos;
      value.kind = Json::Kind::Array;
      if (consume(']'))
        return value;
      do
        value.array.push_back(parseValue());
      while (consume(','));
      expect(']');
    } else if (c == '"') {
      value.kind = Json::Kind::String;
      value.string = parseString();
    } else if (keyword("true")) {
      value.kind = Json::Kind::Bool;
      value.boolean = true;
    } else if (keyword("false")) {
      value.kind = Json::Kind::Bool;
    } else if (keyword("null")) {
      value.kind = Json::Kind::Null;
    } else {
      value.number = parseNumber();
      value.kind = Json::Kind::Number;
    }
    return value;
  }

  static constexpr unsigned kMaxDepth = 64;
  const std::string &text;
  size_t pos = 0;
  unsigned depth = 0;
};

const Json &require(const Json &object, const std::string &key,
                    Json::Kind kind) {
  const Json *value = object.find(key);
  if (!value)
    throw Error("manifest has no \"" + key + "\"");
  if (value->kind != kind)
    throw Error("manifest field \"" + key + "\" has the wrong type");
  return *value;
}

int64_t requireInt(const Json &object, const std::string &key) {
  double v = require(object, key, Json::Kind::Number).number;
  if (!(std::fabs(v) < 0x1p62) ||
      v != static_cast<double>(static_cast<int64_t>(v)))
    throw Error("manifest field \"" + key + "\" is not an integer");
  return static_cast<int64_t>(v);
}
} // namespace

std::string readFile(const std::string &path, const std::string &what) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error("cannot open " + what + " " + path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

Json Json::parse(const std::string &text) {
  return Parser(text).parseDocument();
}

const Json *Json::find(const std::string &key) const {
  auto it = object.find(key);
  return it == object.end() ? nullptr : &it->second;
}

ElementType parseElementType(const std::string &name) {
  if (name == "f32")
    return ElementType::F32;
  if (name == "f16")
    return ElementType::F16;
  if (name == "bf16")
    return ElementType::BF16;
  throw Error("unsupported element type \"" + name + "\" (f32, f16, bf16)");
}

const char *elementTypeName(ElementType type) {
  switch (type) {
  case ElementType::F32:
    return "f32";
  case ElementType::F16:
    return "f16";
  case ElementType::BF16:
    return "bf16";
  }
  return "?";
}

size_t elementBytes(ElementType type) {
  return type == ElementType::F32 ? 4 : 2;
}

/// Files lie beside the manifest: a plain name, never a path.
static bool isPlainFileName(const std::string &file) {
  return !file.empty() && file[0] != '.' &&
         file.find_first_of("/\\") == std::string::npos;
}

/// Each row role's stride: a "<role>_row_stride" parameter, or compiled in
/// and listed in "static_row_strides" (exactly one of the two).
static void readRowStrides(const Json &root, Manifest &m) {
  auto hasParam = [&](const std::string &name) {
    for (const Param &p : m.params)
      if (p.name == name)
        return true;
    return false;
  };
  const Json &strides =
      require(root, manifest::key::StaticRowStrides, Json::Kind::Object);
  for (const auto &[role, value] : strides.object) {
    if ((role != "x" && role != "y" && role != "xy") || !hasParam(role))
      throw Error(std::string(manifest::key::StaticRowStrides) + " names \"" +
                  role + "\", which is not a row parameter of this kernel");
    // An integer from n to 2^53 (a JSON number is exact up to there).
    constexpr double kMax = 9007199254740992.0;
    if (value.kind != Json::Kind::Number ||
        value.number != std::floor(value.number) || value.number < 1 ||
        value.number > kMax)
      throw Error(std::string(manifest::key::StaticRowStrides) + " \"" + role +
                  "\" must be an integer from n to 2^53");
    int64_t stride = static_cast<int64_t>(value.number);
    if (stride < m.n)
      throw Error("the static row stride of " + role + " (" +
                  std::to_string(stride) + ") does not hold a row of " +
                  std::to_string(m.n) + " elements");
    if (role != "y")
      m.staticXStride = stride;
    if (role != "x")
      m.staticYStride = stride;
  }
  for (const char *role : {"x", "y", "xy"}) {
    if (!hasParam(role))
      continue;
    bool param = hasParam(std::string(role) + "_row_stride");
    bool fixed = strides.object.count(role) != 0;
    if (param == fixed)
      throw Error(std::string(role) +
                  (param ? " has both a row stride parameter and a static "
                           "row stride"
                         : " has neither a row stride parameter nor a static "
                           "row stride"));
  }
}

Manifest Manifest::load(const std::string &path) {
  namespace key = manifest::key;
  std::string text = readFile(path, "manifest");
  Json root;
  try {
    root = Json::parse(text);
  } catch (const Error &e) {
    throw Error(path + ": " + e.what());
  }
  if (root.kind != Json::Kind::Object)
    throw Error(path + ": a manifest is a JSON object");
  try {
    if (require(root, key::Schema, Json::Kind::String).string !=
        manifest::kSchemaName)
      throw Error("not an rmsnorm kernel manifest");
    int64_t version = requireInt(root, key::SchemaVersion);
    if (version != manifest::kSchemaVersion)
      throw Error("manifest schema version " + std::to_string(version) +
                  " is not supported (this runtime reads version " +
                  std::to_string(manifest::kSchemaVersion) +
                  "; emit the kernel again)");
    Manifest m;
    size_t slash = path.find_last_of('/');
    m.directory = slash == std::string::npos ? "." : path.substr(0, slash);
    m.file = slash == std::string::npos ? path : path.substr(slash + 1);
    m.kernel = require(root, key::Kernel, Json::Kind::String).string;
    m.symbol = require(root, key::Symbol, Json::Kind::String).string;
    m.target = require(root, key::Target, Json::Kind::String).string;
    m.chip = require(root, key::Chip, Json::Kind::String).string;
    if (require(root, key::Op, Json::Kind::String).string != "rms_norm")
      throw Error("only rms_norm kernels are supported");
    m.dtype =
        parseElementType(require(root, key::Dtype, Json::Kind::String).string);
    m.weightDtype = parseElementType(
        require(root, key::WeightDtype, Json::Kind::String).string);
    m.n = requireInt(root, key::N);
    if (m.n < 1)
      throw Error("n must be at least 1");
    const Json *epsilon = root.find(key::Epsilon);
    if (!epsilon)
      throw Error(std::string("manifest has no \"") + key::Epsilon + "\"");
    m.runtimeEpsilon = epsilon->kind == Json::Kind::Null;
    if (!m.runtimeEpsilon)
      m.epsilon = require(root, key::Epsilon, Json::Kind::Number).number;
    const Json *staticRows = root.find(key::StaticRows);
    if (staticRows && staticRows->kind != Json::Kind::Null) {
      m.staticRows = requireInt(root, key::StaticRows);
      if (*m.staticRows < 1)
        throw Error("static_rows must be at least 1");
    }
    const Json *fromRows = root.find(key::FromRows);
    if (fromRows && fromRows->kind != Json::Kind::Null) {
      m.fromRows = requireInt(root, key::FromRows);
      if (*m.fromRows < 1)
        throw Error("from_rows must be at least 1");
    }
    if (const Json *variants = root.find(key::Variants)) {
      if (variants->kind != Json::Kind::Array)
        throw Error("variants must be an array of manifest file names");
      for (const Json &v : variants->array) {
        if (v.kind != Json::Kind::String || !isPlainFileName(v.string))
          throw Error("variants must name manifests beside this one by "
                      "plain file name");
        m.variants.push_back(v.string);
      }
    }
    const Json &block = require(root, key::Block, Json::Kind::Array);
    if (block.array.size() != 3)
      throw Error("block must have three dimensions");
    for (int i = 0; i < 3; ++i) {
      if (block.array[i].kind != Json::Kind::Number ||
          block.array[i].number < 1)
        throw Error("block dimensions must be positive numbers");
      m.block[i] = static_cast<int64_t>(block.array[i].number);
    }
    m.rowsPerBlock = requireInt(root, key::RowsPerBlock);
    m.dynamicSharedBytes = requireInt(root, key::DynamicSharedBytes);
    // What no GPU launches is refused here, not at launch.
    constexpr int64_t kMaxThreadsPerBlock = 1024;
    if (m.block[0] > kMaxThreadsPerBlock || m.block[1] > kMaxThreadsPerBlock ||
        m.block[2] > 64 ||
        m.block[0] * m.block[1] * m.block[2] > kMaxThreadsPerBlock)
      throw Error("a block of " + std::to_string(m.block[0]) + " x " +
                  std::to_string(m.block[1]) + " x " +
                  std::to_string(m.block[2]) +
                  " threads exceeds the 1024 threads of any GPU");
    if (m.rowsPerBlock < 1 || m.rowsPerBlock != m.block[1])
      throw Error("rows_per_block must be at least 1 and equal block[1], got " +
                  std::to_string(m.rowsPerBlock));
    // The target's limit for a grid of such blocks (no target launches more
    // than 2^31 - 1 along x).
    m.maxBlocks = requireInt(root, key::MaxBlocks);
    if (m.maxBlocks < 1 || m.maxBlocks > int64_t{INT32_MAX})
      throw Error("max_blocks must be between 1 and 2^31 - 1, got " +
                  std::to_string(m.maxBlocks));
    if (m.staticRows && (*m.staticRows - 1) / m.rowsPerBlock + 1 > m.maxBlocks)
      throw Error("static_rows " + std::to_string(*m.staticRows) +
                  " need more than max_blocks (" + std::to_string(m.maxBlocks) +
                  ") blocks of " + std::to_string(m.rowsPerBlock) + " rows");
    if (m.dynamicSharedBytes != 0)
      throw Error("dynamic_shared_bytes must be 0, got " +
                  std::to_string(m.dynamicSharedBytes));
    m.launchOverlap =
        require(root, key::LaunchOverlap, Json::Kind::Bool).boolean;
    if (m.launchOverlap && m.target != "nvptx")
      throw Error("launch_overlap is an nvptx kernel's (programmatic "
                  "dependent launch); this kernel's target is \"" +
                  m.target + "\"");
    if (!m.runtimeEpsilon && !(m.epsilon > 0 && std::isfinite(m.epsilon)))
      throw Error("epsilon must be positive and finite");
    if (m.n > (int64_t{1} << 24))
      throw Error("n " + std::to_string(m.n) + " is beyond any emitted kernel");
    const Json &alignment = require(root, key::Alignment, Json::Kind::Object);
    m.pointerAlignment = requireInt(alignment, key::BasePointerBytes);
    if (m.pointerAlignment < 1 || m.pointerAlignment > 4096 ||
        (m.pointerAlignment & (m.pointerAlignment - 1)))
      throw Error("base_pointer_bytes must be a power of two up to 4096");
    bool epsilonParam = false;
    for (const Json &p : require(root, key::Params, Json::Kind::Array).array) {
      if (p.kind != Json::Kind::Object)
        throw Error("params entries are objects");
      Param param;
      param.name = require(p, key::ParamName, Json::Kind::String).string;
      param.pointer = require(p, key::ParamKind, Json::Kind::String).string ==
                      manifest::kPointer;
      epsilonParam |= param.name == "epsilon";
      m.params.push_back(param);
    }
    if (epsilonParam != m.runtimeEpsilon)
      throw Error(m.runtimeEpsilon
                      ? "epsilon is null but no parameter takes it"
                      : "epsilon is both built in and a parameter");
    readRowStrides(root, m);
    for (const auto &[name, value] :
         require(root, key::Files, Json::Kind::Object).object) {
      if (value.kind != Json::Kind::String)
        continue;
      const std::string &file = value.string;
      if (!isPlainFileName(file))
        throw Error("file \"" + file +
                    "\" is not a plain file name beside "
                    "the manifest");
      m.files[name] = file;
    }
    return m;
  } catch (const Error &e) {
    throw Error(path + ": " + e.what());
  }
}

std::string Manifest::imagePath() const {
  for (const char *key : {"cubin", "ptx", "hsaco"}) {
    auto it = files.find(key);
    if (it != files.end())
      return directory + "/" + it->second;
  }
  throw Error("manifest of " + kernel + " names no loadable image");
}

bool Manifest::sameComputation(const Manifest &o) const {
  // The same parameters in order (in place or not) and base alignment: the
  // caller checks a launch against the kernel it chose by type and N.
  bool sameParams = params.size() == o.params.size();
  for (size_t i = 0; sameParams && i < params.size(); ++i)
    sameParams = params[i].name == o.params[i].name &&
                 params[i].pointer == o.params[i].pointer;
  return sameParams && pointerAlignment == o.pointerAlignment &&
         target == o.target && chip == o.chip && dtype == o.dtype &&
         weightDtype == o.weightDtype && n == o.n &&
         runtimeEpsilon == o.runtimeEpsilon &&
         (runtimeEpsilon || epsilon == o.epsilon) &&
         staticRows == o.staticRows && staticXStride == o.staticXStride &&
         staticYStride == o.staticYStride;
}

int chooseVariant(const std::vector<const Manifest *> &variants,
                  int64_t rows) {
  int chosen = -1;
  for (size_t i = 0; i < variants.size(); ++i)
    if (*variants[i]->fromRows <= rows &&
        (chosen < 0 || *variants[i]->fromRows > *variants[chosen]->fromRows))
      chosen = static_cast<int>(i);
  return chosen;
}

std::vector<Manifest> loadVariants(const Manifest &m) {
  std::vector<Manifest> variants;
  for (const std::string &file : m.variants) {
    Manifest v = Manifest::load(m.directory + "/" + file);
    if (!v.fromRows)
      throw Error(m.file + " names " + file +
                  " as a variant, but it has no from_rows");
    if (!v.sameComputation(m))
      throw Error(m.file + " names " + file +
                  " as a variant, but it computes something else");
    variants.push_back(std::move(v));
  }
  return variants;
}

} // namespace rmsnorm::runtime
