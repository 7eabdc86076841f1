//===--- RuntimeReport.h - torchsync-verify's report, read and matched ----===//
//
// Part of torchsync. Reads the JSON report of `torchsync-verify run`
// (docs/verify-format.md) and matches its entries with findings by
// fingerprint, for `torchsync render-sarif` and for the driver's
// `--runtime-report`: each matched finding gets what the GPU run measured
// (verdict, sync count, blocked host time), each place of syncs that no
// finding predicted becomes a finding of its own rule, and the driver ranks
// them all by their share of the blocked time in user code.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_RUNTIMEREPORT_H
#define TORCHSYNC_DRIVER_RUNTIMEREPORT_H

#include "Findings.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <deque>
#include <string>
#include <vector>

namespace torchsync {

/// The rule (and JSON check name) of the syncs that torchsync-verify
/// observed and no finding predicted.
constexpr llvm::StringLiteral UnpredictedSyncRule =
    "torchsync-verify-unpredicted-sync";

/// A JSON file that holds an object; the error gives the reason only (the
/// caller names the file).
llvm::Expected<llvm::json::Value> readJsonObject(llvm::StringRef File);

/// What matches a finding with the verifier's entry for it: the
/// fingerprint, or check, path and line where there is none. The verifier
/// copies each finding's fingerprint from torchsync's JSON report, so this
/// is the driver's own fingerprint (Findings.h).
std::string matchKey(llvm::StringRef Fingerprint, llvm::StringRef Check,
                     llvm::StringRef Path, unsigned Line);
/// matchKey of an entry of either JSON report.
std::string matchKey(const llvm::json::Object &O);
/// matchKey of a finding of this run.
std::string matchKey(const Finding &F);

/// torchsync-verify's report, read and checked.
struct VerifierReport {
  llvm::json::Value Doc = nullptr;
  /// The entries of its findings by matchKey, in their order.
  llvm::StringMap<std::deque<const llvm::json::Object *>> Entries;
  /// How many entries no finding has taken yet.
  size_t Unmatched = 0;

  const llvm::json::Object &top() const { return *Doc.getAsObject(); }
  /// Takes the entry of F (the first of its key not taken yet), or null.
  const llvm::json::Object *take(llvm::StringRef Key);
  /// The blocked host time of the syncs in user code: the trace's total
  /// less that of the syncs outside user code, else (an older or partial
  /// report) the sum over its findings and unpredicted places.
  int64_t userBlockedNs() const;
};

/// Reads File (torchsync-verify run --format=json); the error gives the
/// reason only.
llvm::Expected<VerifierReport> readVerifierReport(llvm::StringRef File);

/// The measured part of a verifier entry, under SARIF property names.
RuntimeVerdict verdictOf(const llvm::json::Object &E, llvm::StringRef Verdict);

/// The findings (rule UnpredictedSyncRule) of the report's unpredicted
/// places, their places read against Sources.
std::vector<Finding> unpredictedFindings(const VerifierReport &Report,
                                         SourceFiles &Sources);

/// What a runtime report adds to the driver's reports: those of a run with
/// --runtime-report and those of `torchsync render-sarif`.
struct RuntimeCosts {
  std::string ReportFile;
  std::string VerifierVersion;
  /// The denominator of every rank (VerifierReport::userBlockedNs).
  int64_t UserBlockedNs = 0;
  /// The unpredicted places, ranked.
  std::vector<Finding> Unpredicted;
  /// How many findings the report's entries matched.
  size_t Matched = 0;
  /// The verifier's run of the program (the SARIF run's invocation):
  /// successful when the program ran (or a kept trace was reconciled) and
  /// its trace is complete; its "program" and "summary" objects and
  /// UserBlockedNs.
  bool RunSuccessful = false;
  llvm::json::Object RunProperties;
};

/// The one way a runtime report is applied to findings: attaches its
/// entries to the findings of each of Lists, in order (attachRuntime), ranks
/// every measured finding by its share of the blocked time in user code
/// (rankByCost) and returns the rest of what the report adds, the ranked
/// unpredicted places (their places read against Sources) included. The
/// caller decides what too few matches mean (Matched, Report.Unmatched).
RuntimeCosts
applyRuntimeReport(VerifierReport &Report, llvm::StringRef ReportFile,
                   llvm::ArrayRef<llvm::MutableArrayRef<Finding>> Lists,
                   SourceFiles &Sources);

/// Attaches the verifier's entries to the findings that have one (by
/// matchKey, each entry to one finding) and returns how many matched.
size_t attachRuntime(llvm::MutableArrayRef<Finding> Findings,
                     VerifierReport &Report);

/// Adds `rank`, the share (0-100, one decimal) of UserBlockedNs that each
/// measured finding blocked, to its runtime properties.
void rankByCost(llvm::MutableArrayRef<Finding> Findings, int64_t UserBlockedNs);

/// Orders measured findings by blocked time, most first (ties keep their
/// order), then the unmeasured ones in their order.
void sortByCost(std::vector<Finding> &Findings);

/// The "top syncs" table of the text report: the measured findings with
/// syncs and the unpredicted places, most blocked time first, at most Limit
/// rows.
void writeTopSyncs(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Reported,
                   const RuntimeCosts &Costs, size_t Limit = 10);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_RUNTIMEREPORT_H
