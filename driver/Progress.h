//===--- Progress.h - Files done, total and time left ---------------------===//
//
// Part of torchsync. On a terminal, one line on standard error that is
// redrawn as files finish: "[ 12/300]   4% ETA 3m05s src/model.cpp". Where
// standard error is a file or a pipe (a CI log), one plain line per file
// instead, with no control characters. Either way a last line gives the
// totals and how many results came from the cache. Thread-safe.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_PROGRESS_H
#define TORCHSYNC_DRIVER_PROGRESS_H

#include "llvm/Support/Chrono.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <mutex>
#include <string>

namespace torchsync {

class Progress {
public:
  /// Terminal: redraw one line; otherwise print plain lines.
  Progress(llvm::raw_ostream &OS, size_t Total, bool Terminal,
           unsigned Columns);

  /// One file finished; Path is what the user sees (root-relative).
  void finished(llvm::StringRef Path, bool FromCache, bool Failed);
  /// Clears the bar and prints the totals.
  void done();

  /// "3m05s", "42s", "1h02m".
  static std::string formatDuration(std::chrono::seconds S);

private:
  llvm::raw_ostream &OS;
  const size_t Total;
  const bool Terminal;
  const unsigned Columns;
  std::mutex Mutex;
  size_t Done = 0, FromCache = 0, Failed = 0;
  std::chrono::steady_clock::time_point Start;
};

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_PROGRESS_H
