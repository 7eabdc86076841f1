//===--- InputFiles.cpp - Reading the files users hand to the driver ------===//
//
// Part of torchsync. See InputFiles.h.
//
//===----------------------------------------------------------------------===//

#include "InputFiles.h"
#include "llvm/Support/FileSystem.h"

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

} // namespace torchsync
