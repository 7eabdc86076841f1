//===--- Analysis.h - Running the checks over one file --------------------===//
//
// Part of torchsync. Analyzes one translation unit with clang-tidy's engine
// and the torchsync checks. Each call owns its clang-tidy context, file
// system and diagnostics, so files can be analyzed on several threads at
// once. Two things make it cheaper than stock clang-tidy:
//   - the matchers only traverse declarations in user code (the main file
//     and headers that are neither system headers nor LibTorch's): the AST
//     context's traversal scope is set to them before the matchers run;
//   - with a result cache, a file whose inputs are all unchanged is not
//     parsed at all (Cache.h).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_ANALYSIS_H
#define TORCHSYNC_DRIVER_ANALYSIS_H

#include "Cache.h"
#include "InputFiles.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace torchsync {

struct AnalysisOptions {
  /// Keep the fix-its of notes (for --fix-notes): a note's fix-it then
  /// stands for its warning's in clang-tidy's choice of compatible fixes.
  /// --fix alone applies the warnings' fix-its, which every run keeps, so
  /// plain runs and --fix share cache entries.
  bool FixesFromNotes = false;
  /// Inserted after the compiler of every compile command
  /// (--extra-arg-before), after the configuration's ExtraArgsBefore.
  std::vector<std::string> ExtraArgsBefore;
  /// Appended to every compile command (--extra-arg).
  std::vector<std::string> ExtraArgs;
  /// Laid over the file system of every parse (--vfsoverlay).
  std::optional<VfsOverlay> Overlay;
  /// clang-tidy's per-check timing (--enable-check-profile): a table per
  /// file on standard error or, with ProfilePrefix (absolute), a JSON file
  /// per file under it (--store-check-profile). A profiled file is always
  /// parsed, never taken from the cache.
  bool Profile = false;
  std::string ProfilePrefix;
  /// Match in every declaration, LibTorch's and the system's included (for
  /// measuring what the traversal scope saves).
  bool TraverseAll = false;
  /// A whole-project run: the checks record the whole-program facts their
  /// findings rest on, and each file's summary is made (program/Collector.h).
  bool WholeProgram = false;
  /// Makes the configuration provider of one analysis (each analysis needs
  /// its own: providers cache per directory and are not thread-safe), which
  /// reads .clang-tidy files through the analysis's file system (Config.h).
  std::function<std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>(
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>)>
      MakeProvider;
};

struct FileResult {
  std::vector<clang::tidy::ClangTidyError> Errors;
  /// Findings that a NOLINT comment suppresses (without fix-its).
  std::vector<clang::tidy::ClangTidyError> Suppressed;
  /// Why the file could not be analyzed (a compiler error, no compile
  /// command); its findings are then incomplete.
  std::optional<std::string> Failure;
  bool FromCache = false;
  /// The file's whole-program summary (JSON), in a whole-project run.
  std::string Summary;
  /// In a whole-project run: the configuration files (.clang-tidy) the
  /// file's options came from, each with the hash of its text; its facts
  /// rest on them (D14).
  std::vector<std::pair<std::string, std::string>> ConfigFiles;
  /// Why the result could not be stored in the cache, if it could not.
  std::optional<std::string> CacheProblem;
};

/// Analyzes File with its command from DB; consults and fills Cache when it
/// is not null.
FileResult analyzeFile(llvm::StringRef File,
                       const clang::tooling::CompilationDatabase &DB,
                       const AnalysisOptions &Options, ResultCache *Cache);

/// A tool for File with a physical file system of its own: its working
/// directory is not the process's, so tools on other threads do not move
/// it. With Misses, every absolute path the compiler looked up and did not
/// find (include search misses) is appended to it. With Overlay, its files
/// are laid over the physical file system, as clang-tidy's --vfsoverlay
/// does.
std::unique_ptr<clang::tooling::ClangTool>
makeTool(const clang::tooling::CompilationDatabase &DB, llvm::StringRef File,
         std::vector<std::string> *Misses = nullptr,
         const VfsOverlay *Overlay = nullptr);

/// Calls Body(0) ... Body(Count - 1) on a pool of Jobs threads (0: one per
/// core), never more threads than calls; returns when all are done.
void forEachInParallel(size_t Count, unsigned Jobs,
                       llvm::function_ref<void(size_t)> Body);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_ANALYSIS_H
