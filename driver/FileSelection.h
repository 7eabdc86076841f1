//===--- FileSelection.h - Which files a run analyzes ---------------------===//
//
// Part of torchsync. A whole-project run (-p <build> with no files) takes
// every file of the compilation database; path arguments that name
// directories, --include / --exclude globs and --shard K/N narrow that list.
// The result is sorted, so every run (and every shard) agrees on the order.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_FILESELECTION_H
#define TORCHSYNC_DRIVER_FILESELECTION_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"
#include <optional>
#include <string>
#include <vector>

namespace torchsync {

/// Shard K of N (1 <= K <= N).
struct Shard {
  unsigned Index = 1;
  unsigned Count = 1;
};

/// Reads "K/N".
llvm::Expected<Shard> parseShard(llvm::StringRef Text);

struct PathFilter {
  /// A file must match one of these (when there are any)...
  std::vector<llvm::GlobPattern> Include;
  /// ...and none of these. Patterns match the path relative to the root
  /// (absolute outside it); '*' also matches '/'.
  std::vector<llvm::GlobPattern> Exclude;
  std::optional<Shard> Part;
};

/// Compiles --include / --exclude patterns.
llvm::Expected<std::vector<llvm::GlobPattern>>
compileGlobs(llvm::ArrayRef<std::string> Patterns, llvm::StringRef Option);

/// Sorts and de-duplicates Files (absolute paths), then keeps those the
/// filter lets through. Shards take every Count-th file of the filtered,
/// sorted list, starting at the Index-th: together they cover every file
/// once, in sizes that differ by one at most.
std::vector<std::string> selectFiles(std::vector<std::string> Files,
                                     const PathFilter &Filter,
                                     llvm::StringRef Root);

/// The files of Files under directory Dir (absolute paths).
std::vector<std::string> filesUnder(llvm::ArrayRef<std::string> Files,
                                    llvm::StringRef Dir);

/// Fails, naming the first file, when a file does not exist or the working
/// directory of one of its compile commands does not (clang's tool would
/// abort the process on it).
llvm::Error checkInputsExist(llvm::ArrayRef<std::string> Files,
                             const clang::tooling::CompilationDatabase &DB);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_FILESELECTION_H
