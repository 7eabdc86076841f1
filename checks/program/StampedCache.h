//===--- StampedCache.h - Values kept while a file stays the same -*- C++
//-*-===//
//
// Part of torchsync. What the plugin and the editor make from a file again
// and again (its content hash, a parsed summary file, a parsed compile
// database) is kept per path while the file's modification time and size
// stay the same, shared by the threads of a process.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_PROGRAM_STAMPEDCACHE_H
#define TORCHSYNC_PROGRAM_STAMPEDCACHE_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include <cstdint>
#include <mutex>
#include <optional>

namespace clang::tidy::torchsync {

template <typename T> class StampedCache {
public:
  /// The value kept for \p Path when it was made from the file \p Status
  /// describes (same modification time and size).
  std::optional<T> find(llvm::StringRef Path,
                        const llvm::sys::fs::file_status &Status) {
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = Entries.find(Path);
    if (It == Entries.end() ||
        It->second.Time != Status.getLastModificationTime() ||
        It->second.Size != Status.getSize())
      return std::nullopt;
    return It->second.Value;
  }

  /// Keeps \p Value for \p Path, made from the file \p Status describes.
  void insert(llvm::StringRef Path, const llvm::sys::fs::file_status &Status,
              T Value) {
    std::lock_guard<std::mutex> Guard(Lock);
    Entries[Path] = {Status.getLastModificationTime(), Status.getSize(),
                     std::move(Value)};
  }

private:
  struct Entry {
    llvm::sys::TimePoint<> Time;
    uint64_t Size = 0;
    T Value;
  };
  std::mutex Lock;
  llvm::StringMap<Entry> Entries;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_PROGRAM_STAMPEDCACHE_H
