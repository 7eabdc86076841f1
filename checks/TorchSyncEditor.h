//===--- TorchSyncEditor.h - The checks in an editor ------------*- C++ -*-===//
//
// What torchsync-clangd changes in the checks it runs: clangd shows only
// diagnostics with a place in the open file.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_CHECKS_TORCHSYNCEDITOR_H
#define TORCHSYNC_CHECKS_TORCHSYNCEDITOR_H

namespace clang::tidy::torchsync {

/// For an editor that reads the summary file as it is (torchsync-clangd
/// --whole-program=off): what is wrong with it (missing, stale, unreadable)
/// becomes a warning at the start of each main file that a check matches
/// in, where the editor shows it, instead of one warning per process
/// without a place, which clangd drops.
void reportSummaryProblemsInMainFile();

/// The name (the diagnostic's code) of that warning.
inline constexpr char SummaryFileDiagnostic[] = "torchsync-summary-file";

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_CHECKS_TORCHSYNCEDITOR_H
