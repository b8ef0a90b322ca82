//===- StagedFiles.h - a kernel's files, written all or none ----*- C++ -*-===//
//
// rmsnorm-emit writes each kernel's files (image, manifest, header) under
// temporary names in the output directory and renames them only when the
// whole set is complete: a failure leaves no partial kernel behind, and an
// existing file or symbolic link of the final name is replaced, never
// followed.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_EMIT_STAGEDFILES_H
#define RMSNORM_EMIT_STAGEDFILES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlir::rmsnorm::emit {

class StagedFiles {
public:
  explicit StagedFiles(llvm::StringRef directory) : directory(directory) {}
  StagedFiles(const StagedFiles &) = delete;
  StagedFiles &operator=(const StagedFiles &) = delete;
  /// Removes whatever was staged and not committed.
  ~StagedFiles();

  /// A new, empty temporary file that becomes `name` (a plain file name, no
  /// directory) on commit; returns its path, for a tool to write.
  llvm::Expected<std::string> reserve(llvm::StringRef name);
  /// Stages `contents` as `name`; a write error names the final file.
  llvm::Error write(llvm::StringRef name, llvm::StringRef contents);
  /// Where a staged `name` is until commit, for a tool to read.
  llvm::Expected<std::string> stagedPath(llvm::StringRef name) const;
  /// Reads back what a tool wrote into a reserved file.
  llvm::Expected<std::string> read(llvm::StringRef name) const;
  /// The final path of `name`.
  std::string finalPath(llvm::StringRef name) const;
  /// Renames every staged file to its final name.
  llvm::Error commit();

private:
  struct Entry {
    std::string name, temporary;
  };
  const Entry *find(llvm::StringRef name) const;
  std::string directory;
  llvm::SmallVector<Entry> entries;
};

/// What a helper program did.
struct ToolRun {
  int exitCode = 0;
  bool timedOut = false;
  std::string output; // stdout and stderr
};

/// Runs `program` with `args`, stopping it after `timeoutSeconds`.
ToolRun runTool(llvm::StringRef program, llvm::ArrayRef<llvm::StringRef> args,
                unsigned timeoutSeconds);

/// Success when `run` succeeded; otherwise an error naming the tool, the
/// kernel (`what`) and the tool's output or its time limit.
llvm::Error checkToolRun(const ToolRun &run, llvm::StringRef program,
                         llvm::StringRef what, unsigned timeoutSeconds);

/// The integer the first group of `pattern` captures in a tool's report
/// (ptxas -v, readelf --notes), or nullopt.
std::optional<int64_t> scanReport(llvm::StringRef report,
                                  llvm::StringRef pattern);

} // namespace mlir::rmsnorm::emit

#endif // RMSNORM_EMIT_STAGEDFILES_H
