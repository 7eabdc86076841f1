//===--- InputFiles.h - Reading the files users hand to the driver --------===//
//
// Part of torchsync. Reports, baselines, harness specs, configuration files
// and the sources that a report names are read whole. A path that is not a
// regular file would not end (/dev/zero) or would block (a FIFO with no
// writer), so only regular files are read; "-" is standard input where an
// option allows it. A virtual file system overlay is read and checked here
// too, before any analysis.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_INPUTFILES_H
#define TORCHSYNC_DRIVER_INPUTFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <string>

namespace torchsync {

/// The contents of Path: a regular file, or standard input for "-" when
/// AllowStdin. Errors give the reason only ("No such file or directory",
/// "not a regular file"); the caller names the file.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef Path, bool AllowStdin = false);

/// A virtual file system overlay (--vfsoverlay): clang's YAML description of
/// files and directories laid over the real file system of every parse.
struct VfsOverlay {
  std::string Path;
  std::string Yaml;
};

/// Reads and checks the overlay file at Path; errors name the file and the
/// first problem.
llvm::Expected<VfsOverlay> readVfsOverlay(llvm::StringRef Path);

/// Whether Path names a regular file (after symbolic links), so that reading
/// it ends.
bool isRegularFile(llvm::StringRef Path);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_INPUTFILES_H
