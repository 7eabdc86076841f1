//===--- Gate.h - What a CI gate lets through: baselines, changed lines ---===//
//
// Part of torchsync. A baseline file lists the fingerprints of known
// findings, which are then not reported; a unified diff (from
// `git diff -U0 REV` or standard input) limits the report to findings on
// added or changed lines; --fail-on says which findings fail the run. The
// gate takes the run's findings and gives back those it reports, with the
// counts of those it held back for the summary line.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_GATE_H
#define TORCHSYNC_DRIVER_GATE_H

#include "Findings.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
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
/// The lines of --diff=Base: the unified diff on standard input for "-",
/// else `git diff -U0 Base` in Root.
llvm::Expected<ChangedLines> readChangedLines(llvm::StringRef Base,
                                              llvm::StringRef Root);

/// The least severe finding that fails the run.
enum class FailOn { Warning, Error, None };

/// The level of --fail-on=Name (warning, error or none).
std::optional<FailOn> parseFailOn(llvm::StringRef Name);

bool failsGate(const Finding &F, FailOn Level);

/// What the gate holds back: findings in a baseline, findings off the
/// changed lines.
struct GateSettings {
  std::optional<llvm::StringSet<>> Baseline;
  std::optional<ChangedLines> Changed;
};

/// The findings the gate reports, and how many it holds back.
struct GateResult {
  std::vector<Finding> Reported;
  unsigned InBaseline = 0;
  unsigned OutsideDiff = 0;
};

/// Holds back the findings listed in the baseline and those off the changed
/// lines; the others are reported, in the order given.
GateResult applyGate(std::vector<Finding> Findings, const GateSettings &G);

/// "torchsync: K findings in M of N files", and what the gate held back:
/// FilesWithFindings of the NumFiles analyzed files have reported findings,
/// Suppressed findings are silenced by NOLINT.
void printSummary(llvm::raw_ostream &OS, const GateResult &R,
                  size_t FilesWithFindings, size_t NumFiles, size_t Suppressed);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_GATE_H
