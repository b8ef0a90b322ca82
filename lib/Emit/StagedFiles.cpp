//===- StagedFiles.cpp - a kernel's files, written all or none ------------===//

#include "rmsnorm/Emit/StagedFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlir::rmsnorm::emit;

static Error fileError(const Twine &path, const Twine &what,
                       std::error_code ec) {
  return createStringError(ec,
                           "cannot " + what + " " + path + ": " + ec.message());
}

StagedFiles::~StagedFiles() {
  for (const Entry &entry : entries)
    sys::fs::remove(entry.temporary);
}

std::string StagedFiles::finalPath(StringRef name) const {
  SmallString<256> path(directory);
  sys::path::append(path, name);
  return std::string(path);
}

const StagedFiles::Entry *StagedFiles::find(StringRef name) const {
  for (const Entry &entry : entries)
    if (entry.name == name)
      return &entry;
  return nullptr;
}

Expected<std::string> StagedFiles::reserve(StringRef name) {
  // Names come from checked symbols and chips; refuse anything that could
  // leave the directory all the same.
  if (name.empty() || name.contains('/') || name.starts_with("."))
    return createStringError(inconvertibleErrorCode(),
                             "refusing to write a file named '" + name + "'");
  if (find(name))
    return createStringError(inconvertibleErrorCode(),
                             "the file " + finalPath(name) +
                                 " would be written twice");
  SmallString<256> model(directory);
  sys::path::append(model, "." + name + ".tmp-%%%%%%%%");
  int fd = -1;
  SmallString<256> temporary;
  // Created exclusively: an existing file or link is never opened.
  if (std::error_code ec = sys::fs::createUniqueFile(model, fd, temporary))
    return fileError(finalPath(name), "create a temporary file for", ec);
  sys::fs::closeFile(fd);
  entries.push_back({name.str(), std::string(temporary)});
  return std::string(temporary);
}

Error StagedFiles::write(StringRef name, StringRef contents) {
  Expected<std::string> temporary = reserve(name);
  if (!temporary)
    return temporary.takeError();
  std::error_code ec;
  raw_fd_ostream os(*temporary, ec, sys::fs::OF_None);
  if (ec)
    return fileError(finalPath(name), "write", ec);
  os << contents;
  os.close();
  if (os.has_error()) {
    ec = os.error();
    os.clear_error(); // reported here, not by LLVM's fatal handler
    return fileError(finalPath(name), "write", ec);
  }
  return Error::success();
}

Expected<std::string> StagedFiles::stagedPath(StringRef name) const {
  const Entry *entry = find(name);
  if (!entry)
    return createStringError(inconvertibleErrorCode(),
                             "nothing staged as " + name);
  return entry->temporary;
}

Expected<std::string> StagedFiles::read(StringRef name) const {
  Expected<std::string> path = stagedPath(name);
  if (!path)
    return path.takeError();
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(*path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return fileError(finalPath(name), "read", buffer.getError());
  return (*buffer)->getBuffer().str();
}

Error StagedFiles::commit() {
  for (const Entry &entry : entries)
    // rename(2) replaces a link of the final name rather than following it.
    if (std::error_code ec =
            sys::fs::rename(entry.temporary, finalPath(entry.name)))
      return fileError(finalPath(entry.name), "write", ec);
  entries.clear();
  return Error::success();
}

ToolRun mlir::rmsnorm::emit::runTool(StringRef program,
                                     ArrayRef<StringRef> args,
                                     unsigned timeoutSeconds) {
  ToolRun result;
  SmallString<128> log;
  if (std::error_code ec =
          sys::fs::createTemporaryFile("rmsnorm-emit", "log", log)) {
    result.exitCode = -1;
    result.output = "cannot create a log file: " + ec.message();
    return result;
  }
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(log),
                                          StringRef(log)};
  SmallVector<StringRef> argv{program};
  argv.append(args.begin(), args.end());
  std::string error;
  bool failedToRun = false;
  result.exitCode =
      sys::ExecuteAndWait(program, argv, std::nullopt, redirects,
                          timeoutSeconds, 0, &error, &failedToRun);
  if (auto buffer = MemoryBuffer::getFile(log))
    result.output = (*buffer)->getBuffer().str();
  sys::fs::remove(log);
  // ExecuteAndWait returns -2 when it had to kill the child.
  result.timedOut = result.exitCode == -2;
  if (result.exitCode < 0 || failedToRun)
    result.output += error;
  return result;
}

Error mlir::rmsnorm::emit::checkToolRun(const ToolRun &run, StringRef program,
                                        StringRef what,
                                        unsigned timeoutSeconds) {
  if (run.exitCode == 0)
    return Error::success();
  std::string tool = sys::path::filename(program).str();
  if (run.timedOut)
    return createStringError(inconvertibleErrorCode(),
                             tool + " did not finish within " +
                                 std::to_string(timeoutSeconds) + " s on " +
                                 what.str());
  return createStringError(inconvertibleErrorCode(),
                           tool + " failed on " + what.str() +
                               (run.output.empty() ? "" : ":\n" + run.output));
}

std::optional<int64_t> mlir::rmsnorm::emit::scanReport(StringRef report,
                                                       StringRef pattern) {
  SmallVector<StringRef> groups;
  int64_t value;
  if (!Regex(pattern).match(report, &groups) || groups.size() < 2 ||
      groups[1].getAsInteger(10, value))
    return std::nullopt;
  return value;
}
