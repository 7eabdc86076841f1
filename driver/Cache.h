//===--- Cache.h - Results of earlier runs, by what they depended on ------===//
//
// Part of torchsync. A file's findings are a function of the torchsync
// binary, the effective configuration for the file, its compile command and
// the contents of every file the compiler read for it (the main file and all
// headers, system headers included). The cache stores, under a key made of
// the first three and the main file's path, the findings together with the
// list of files read and a hash of each one's contents, exactly as the
// compiler saw them. A lookup re-hashes those files: a hit needs every one
// unchanged, so editing a header invalidates exactly its dependents.
// Entries also keep the negative dependencies: every path the compiler
// looked for and did not find (the include directories searched before the
// one that held a header, the includer's directory for a quoted include,
// __has_include misses). A hit needs each of them still absent, so a new
// header that shadows one read before invalidates the entry.
//
// Entries are files named llvmcache-<key>: YAML (clang-tidy's own diagnostic
// serialization), compressed with zstd where LLVM has it (about 110 kB for a
// file that includes <torch/torch.h>, most of it the list of files read),
// written through a temporary file and a rename, so parallel runs sharing a
// cache directory never see half an entry; llvm::pruneCache removes entries
// unused for a week.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_CACHE_H
#define TORCHSYNC_DRIVER_CACHE_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace torchsync {

/// A file the compiler read, and the hash of the contents it read.
struct Dependency {
  std::string Path; ///< Absolute.
  std::string Hash;
};

/// Hex digest of Data (BLAKE3, 128 bits).
std::string contentHash(llvm::StringRef Data);

class ResultCache {
public:
  /// Opens (creating it if needed) the cache directory. Identity names the
  /// analyzer: the binary's own hash and versions.
  static llvm::Expected<std::unique_ptr<ResultCache>> open(llvm::StringRef Dir);

  /// The key of one file's analysis: the binary, the file's path, its
  /// compile command and the configuration that applies to it.
  std::string keyFor(llvm::StringRef File, llvm::ArrayRef<std::string> Command,
                     llvm::StringRef Directory, llvm::StringRef Config) const;

  /// The stored findings, if every file they depended on is unchanged;
  /// those suppressed by NOLINT go to Suppressed and the whole-program
  /// summary to Summary when they are not null.
  std::optional<std::vector<clang::tidy::ClangTidyError>>
  lookup(llvm::StringRef Key,
         std::vector<clang::tidy::ClangTidyError> *Suppressed = nullptr,
         std::string *Summary = nullptr);

  /// Stores the findings of a complete analysis (those suppressed by NOLINT
  /// in Suppressed, and its whole-program Summary), with the files it read
  /// (Deps) and the paths it looked for and did not find (Absent). Failing to
  /// write is not an error of the run (the next one analyzes again); it is
  /// returned so the caller can say so once.
  llvm::Error store(llvm::StringRef Key, llvm::ArrayRef<Dependency> Deps,
                    llvm::ArrayRef<std::string> Absent,
                    llvm::ArrayRef<clang::tidy::ClangTidyError> Errors,
                    llvm::ArrayRef<clang::tidy::ClangTidyError> Suppressed = {},
                    llvm::StringRef Summary = "");

  /// Removes entries not used for a week (at most once every 20 minutes).
  void prune();

  llvm::StringRef directory() const { return Dir; }

private:
  ResultCache(std::string Dir, std::string Identity)
      : Dir(std::move(Dir)), Identity(std::move(Identity)) {}
  std::string entryPath(llvm::StringRef Key) const;
  /// The hash of a file's current contents, computed once per run.
  std::optional<std::string> currentHash(llvm::StringRef Path);
  /// Whether something exists at Path now, checked once per run.
  bool existsNow(llvm::StringRef Path);

  std::string Dir;
  std::string Identity;
  std::mutex HashesMutex;
  llvm::StringMap<std::optional<std::string>> Hashes;
  llvm::StringMap<bool> Exists;
};

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_CACHE_H
