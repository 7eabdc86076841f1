//===--- LiveFacts.h - Whole-program facts kept current for the editor ----===//
//
// torchsync-clangd's checks read the whole program's facts from the summary
// file next to compile_commands.json (docs/options.md, "Summary file"). This
// keeps that file current while the editor runs: when a file of a
// compilation database is first opened, and whenever a file is saved, the
// driver (`torchsync -p <dir>`, installed beside torchsync-clangd) runs in
// the background over the whole database that lists the file; its result cache
// makes a run after a save parse only what changed. When the facts it writes
// differ from the ones before, the open documents are decided again (Redecide).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_CLANGD_LIVEFACTS_H
#define TORCHSYNC_DRIVER_CLANGD_LIVEFACTS_H

#include "llvm/ADT/StringRef.h"
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace torchsync::clangd {

/// The folder of the compilation database that \p File belongs to, as
/// clangd looks for it: \p CompileCommandsDir if given, else the nearest
/// folder at or above the file's with a compile_commands.json, itself or
/// in its build/ subfolder. Empty if there is none.
std::string databaseFolderOf(llvm::StringRef File,
                             llvm::StringRef CompileCommandsDir);

class LiveFacts {
public:
  struct Options {
    /// The driver to run.
    std::string Driver;
    /// clangd's --compile-commands-dir, if given.
    std::string CompileCommandsDir;
    /// Called on the worker thread after a run changed the facts.
    std::function<void()> Redecide;
    /// One line for clangd's log (standard error).
    std::function<void(const std::string &)> Log;
  };

  explicit LiveFacts(Options Opts);
  ~LiveFacts();
  LiveFacts(const LiveFacts &) = delete;
  LiveFacts &operator=(const LiveFacts &) = delete;

  /// A document was opened: the first one of a database starts its run.
  void opened(llvm::StringRef File);
  /// A document was saved: the databases in use run again.
  void saved(llvm::StringRef File);

private:
  void schedule(const std::string &Database);
  void work();
  /// Runs the driver over \p Database; true if its facts changed.
  bool refresh(const std::string &Database);

  Options Opts;
  std::mutex Lock;
  std::condition_variable Wake;
  std::set<std::string> Known;    ///< Databases of files opened.
  std::set<std::string> Unlisted; ///< Files opened outside any database.
  std::set<std::string> Pending;  ///< Databases to run again.
  /// The content hash of each database's facts file after its last run.
  std::map<std::string, std::string> LastFacts;
  bool Stopping = false;
  std::thread Worker;
};

} // namespace torchsync::clangd

#endif // TORCHSYNC_DRIVER_CLANGD_LIVEFACTS_H
