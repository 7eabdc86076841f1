//===--- InputFiles.cpp - Reading the files users hand to the driver ------===//
//
// Part of torchsync. See InputFiles.h.
//
//===----------------------------------------------------------------------===//

#include "InputFiles.h"
#include "program/JsonDepth.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace torchsync {

bool isRegularFile(llvm::StringRef Path) {
  llvm::sys::fs::file_status Status;
  return !llvm::sys::fs::status(Path, Status) &&
         llvm::sys::fs::is_regular_file(Status);
}

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef Path, bool AllowStdin) {
  if (!(AllowStdin && Path == "-")) {
    llvm::sys::fs::file_status Status;
    if (std::error_code EC = llvm::sys::fs::status(Path, Status))
      return llvm::createStringError(EC.message());
    if (llvm::sys::fs::is_directory(Status))
      return llvm::createStringError("it is a directory");
    if (!llvm::sys::fs::is_regular_file(Status))
      return llvm::createStringError("not a regular file");
  }
  auto Buffer = AllowStdin ? llvm::MemoryBuffer::getFileOrSTDIN(Path)
                           : llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError().message());
  return std::move(*Buffer);
}

llvm::Expected<VfsOverlay> readVfsOverlay(llvm::StringRef Path) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError("invalid --vfsoverlay '" + Path +
                                   "': " + Why);
  };
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      readInputFile(Path);
  if (!Buffer)
    return llvm::createStringError("cannot read --vfsoverlay '" + Path +
                                   "': " + llvm::toString(Buffer.takeError()));
  VfsOverlay Overlay{Path.str(), (*Buffer)->getBuffer().str()};
  if (llvm::Error E = clang::tidy::torchsync::checkYamlNesting(Overlay.Yaml))
    return Fail(llvm::toString(std::move(E)));
  // The first problem the YAML reader finds names it.
  std::string Problem;
  auto Handler = [](const llvm::SMDiagnostic &D, void *Context) {
    auto &First = *static_cast<std::string *>(Context);
    if (First.empty())
      First = (llvm::Twine(D.getLineNo()) + ":" +
               llvm::Twine(D.getColumnNo() + 1) + ": " + D.getMessage())
                  .str();
  };
  std::unique_ptr<llvm::vfs::FileSystem> FS = llvm::vfs::getVFSFromYAML(
      llvm::MemoryBuffer::getMemBuffer(Overlay.Yaml, Path), Handler, Path,
      &Problem, llvm::vfs::getRealFileSystem());
  if (!FS)
    return Fail(Problem.empty() ? "not a virtual file system description"
                                : Problem);
  return Overlay;
}

} // namespace torchsync
