//===--- Findings.h - Findings of a run, with places and fingerprints -----===//
//
// Part of torchsync. The driver's model of what a run found: clang-tidy's
// errors turned into findings with file:line:column places, root-relative
// paths, the fix-its of the warning (which keep the program's meaning) and
// of its notes (which change it), and a fingerprint that survives edits
// which only move the finding to another line. Reports, baselines and the
// changed-lines filter all work on these.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_FINDINGS_H
#define TORCHSYNC_DRIVER_FINDINGS_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "program/Recorder.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace torchsync {

/// The key under which fingerprints appear in SARIF partialFingerprints; the
/// version changes whenever the way fingerprints are computed does.
constexpr llvm::StringLiteral FingerprintKey = "torchsyncFingerprint/v1";

/// A place in a source file. Lines and columns are 1-based; Column counts
/// bytes, as compilers do, Utf16Column counts UTF-16 code units, as SARIF
/// does by default.
struct Place {
  std::string File; ///< Absolute path, as analyzed.
  std::string Path; ///< Relative to the root, or absolute outside it.
  unsigned Offset = 0;
  unsigned Line = 0;
  unsigned Column = 0;
  unsigned Utf16Column = 0;

  bool known() const { return !File.empty() && Line != 0; }
};

/// One replacement of a fix-it: the text in [Begin, End) becomes Text.
struct Edit {
  Place Begin, End;
  std::string Text;
};

/// A highlighted range: [Begin, End) in one file.
struct Range {
  Place Begin, End;
};

struct FixIt {
  std::string Description;
  /// True for the fix-it of a warning (applied by --fix), false for that of
  /// a note (applied by --fix-notes), whose message says what changes.
  bool KeepsMeaning = true;
  std::vector<Edit> Edits;
};

struct Note {
  std::string Message;
  Place Where;
  std::vector<Range> Ranges;
  /// The index in Finding::Fixes of this note's fix-it, when it has one.
  std::optional<size_t> Fix;
};

/// Where one replacement of a fix-it went when --fix applied it, and whether
/// it fitted with the replacements applied before it.
struct FixPlace {
  Place Where;
  bool Applied = false;
};

/// What torchsync-verify measured for a finding, or at a place with syncs
/// that no finding predicted (its JSON report, docs/verify-format.md).
struct RuntimeVerdict {
  /// confirmed, refuted, not-reached or not-observed; unpredicted for syncs
  /// that no finding covers.
  std::string Verdict;
  int64_t Syncs = 0;
  int64_t BlockedNs = 0;
  /// Syncs at the finding's line that the verifier could not tell apart
  /// from another finding's there (its report's "shared"): counted once,
  /// in neither finding's Syncs.
  int64_t SharedSyncs = 0;
  int64_t SharedBlockedNs = 0;
  std::optional<std::string> Explanation;
  /// Every measured field under its SARIF property name (verdict, syncs,
  /// blockedNs, kinds, explanation, executions, ...).
  llvm::json::Object Properties;
};

/// One finding, from the analysis (or the result cache) through the gate to
/// the reports and the fixes: everything that is known about it travels
/// here, nothing beside it in a list of the same order.
///
/// It is the one representation of a finding: the text report, JSON, SARIF,
/// --fix and --export-fixes all read these fields (clang-tidy's error that
/// the analysis or the cache made is turned into one by makeFinding and not
/// kept).
struct Finding {
  std::string Check; ///< e.g. torchsync-host-read
  /// The other enabled names of the check, as clang-tidy lists them after
  /// its name.
  std::vector<std::string> Aliases;
  std::string Severity; ///< "warning", or "error" through WarningsAsErrors
  /// A warning made an error by WarningsAsErrors.
  bool WarningAsError = false;
  std::string Message;
  Place Where;
  std::optional<Place> End; ///< End of the highlighted range, when known.
  /// The ranges the check highlighted.
  std::vector<Range> Ranges;
  std::string Fingerprint;
  /// The fix-it of the warning (KeepsMeaning) first when it has one, then
  /// those of its notes (Note::Fix names each).
  std::vector<FixIt> Fixes;
  std::vector<Note> Notes;
  /// The analyzed file (absolute) whose translation unit reported it.
  std::string TranslationUnit;
  /// That translation unit did not compile: the fix-its rest on a broken
  /// AST and are never applied.
  bool FromBrokenUnit = false;
  /// Where --fix applied the replacements of its fix-it (FixPlan::add).
  std::vector<FixPlace> AppliedFixes;
  /// What the runtime verifier measured (torchsync render-sarif).
  std::optional<RuntimeVerdict> Runtime;
  /// A candidate of a whole-project run until the program index decides it:
  /// what it rests on (program/Facts.h), from the checks' condition note.
  std::optional<clang::tidy::torchsync::Condition> Condition;
  /// Silenced by a NOLINT comment: listed as suppressed in SARIF and JSON,
  /// counted in the summary, never fails the gate, never fixed.
  bool Suppressed = false;
};

/// Reads source files once and turns byte offsets into places.
class SourceFiles {
public:
  explicit SourceFiles(std::string Root) : Root(std::move(Root)) {}

  /// The place of Offset in File (made absolute against BuildDir when it is
  /// relative). Line and columns stay 0 when the file cannot be read.
  Place place(llvm::StringRef File, unsigned Offset, llvm::StringRef BuildDir);
  /// The place at Line and byte Column (1-based) of File (made absolute
  /// against the root when it is relative), as a report gives it. Offset
  /// and Utf16Column are 0 when the file cannot be read or has no such
  /// line, Utf16Column also when Column is 0 (not known).
  Place placeAt(llvm::StringRef File, unsigned Line, unsigned Column);
  /// The text of the line of P, without its line break.
  llvm::StringRef lineText(const Place &P);
  /// Path relative to the root when the file lies under it.
  std::string relativePath(llvm::StringRef AbsolutePath) const;
  llvm::StringRef root() const { return Root; }

private:
  /// A place in File (made absolute against Base) with no position yet.
  Place fileOnly(llvm::StringRef File, llvm::StringRef Base) const;
  struct Text {
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    std::vector<unsigned> LineStarts;
  };
  const Text *get(llvm::StringRef AbsolutePath);

  std::string Root;
  llvm::StringMap<std::optional<Text>> Cache;
};

/// AbsolutePath relative to Dir, with '/' separators, when it lies under
/// Dir.
std::optional<std::string> pathUnder(llvm::StringRef AbsolutePath,
                                     llvm::StringRef Dir);

/// File made absolute against BuildDir when it is relative, without "." and
/// ".." components.
std::string absoluteFilePath(llvm::StringRef File, llvm::StringRef BuildDir);

/// The directory that report paths, fingerprints and baselines are relative
/// to: Explicit when given, else the top of the git work tree around the
/// current directory, else the current directory. Absolute, no trailing
/// separator.
std::string findRoot(llvm::StringRef Explicit);

/// The fix-it of F's warning (which keeps the meaning), or null.
const FixIt *warningFix(const Finding &F);

/// The fix-it that --fix (FromNotes false) or --fix-notes (true) applies for
/// F, as clang-tidy chooses it: the warning's own, else with FromNotes the
/// one of its notes when exactly one note has one.
const FixIt *chosenFix(const Finding &F, bool FromNotes);

/// The finding of clang-tidy's error E,
/// reported in the translation unit of the analyzed file TranslationUnit;
/// without a fingerprint (assignFingerprints).
Finding makeFinding(clang::tidy::ClangTidyError E,
                    llvm::StringRef TranslationUnit, SourceFiles &Sources);

/// Drops exact duplicates (the same finding reached from two translation
/// units through a header), keeping the first.
void removeDuplicates(std::vector<Finding> &Findings);

/// Computes the fingerprints of Findings over all of them (the occurrence
/// index of a finding counts the identical keys before it in its file).
void assignFingerprints(llvm::MutableArrayRef<Finding> Findings,
                        SourceFiles &Sources);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_FINDINGS_H
