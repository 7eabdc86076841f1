//===--- InputFiles.h - Reading the files users hand to the driver --------===//
//
// Part of torchsync. Reports, baselines, harness specs, configuration files
// and the sources that a report names are read whole. A path that is not a
// regular file would not end (/dev/zero) or would block (a FIFO with no
// writer), so only regular files are read; "-" is standard input where an
// option allows it.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_INPUTFILES_H
#define TORCHSYNC_DRIVER_INPUTFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>

namespace torchsync {

/// The contents of Path: a regular file, or standard input for "-" when
/// AllowStdin. Errors give the reason only ("No such file or directory",
/// "not a regular file"); the caller names the file.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef Path, bool AllowStdin = false);

/// Whether Path names a regular file (after symbolic links), so that reading
/// it ends.
bool isRegularFile(llvm::StringRef Path);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_INPUTFILES_H
