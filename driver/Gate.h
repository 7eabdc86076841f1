//===--- Gate.h - What a CI gate lets through: baselines, changed lines ---===//
//
// Part of torchsync. A baseline file lists the fingerprints of known
// findings, which are then not reported; a unified diff (from
// `git diff -U0 REV` or standard input) limits the report to findings on
// added or changed lines; --fail-on says which findings fail the run.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_GATE_H
#define TORCHSYNC_DRIVER_GATE_H

#include "Findings.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include <utility>
#include <vector>

namespace torchsync {

/// Version of the baseline file format.
constexpr int BaselineVersion = 1;

/// The fingerprints a baseline file lists.
llvm::Expected<llvm::StringSet<>> readBaseline(llvm::StringRef Path);
/// Writes every finding's fingerprint (with its check, path, line and
/// message for people reading the file) through a temporary file.
llvm::Error writeBaseline(llvm::StringRef Path,
                          llvm::ArrayRef<Finding> Findings);

/// The lines a diff adds or changes in the new version of each file.
class ChangedLines {
public:
  /// File is an absolute path.
  bool contains(llvm::StringRef File, unsigned Line) const;

  /// Closed ranges of new-file line numbers, by absolute path.
  llvm::StringMap<std::vector<std::pair<unsigned, unsigned>>> Ranges;
};

/// Reads a unified diff. Paths in it are relative to Root, after removing
/// git's "b/" prefix.
llvm::Expected<ChangedLines> parseUnifiedDiff(llvm::StringRef Text,
                                              llvm::StringRef Root);
/// Runs `git diff -U0 Rev` in Root and reads its output. A revision that
/// starts with '-' is refused: git would take it for an option.
llvm::Expected<ChangedLines> changedLinesSince(llvm::StringRef Rev,
                                               llvm::StringRef Root);

/// The least severe finding that fails the run.
enum class FailOn { Warning, Error, None };

bool failsGate(const Finding &F, FailOn Level);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_GATE_H
