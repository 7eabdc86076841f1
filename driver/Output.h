//===--- Output.h - Report formats: JSON, SARIF, GitHub annotations -------===//
//
// Part of torchsync. Writes the findings of a run in the formats CI systems
// read (and the fixes for clang-apply-replacements), and merges the reports
// of several runs (sharded CI jobs) into one. The JSON format is described
// in docs/json-format.md, the others in docs/ci.md.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_OUTPUT_H
#define TORCHSYNC_DRIVER_OUTPUT_H

#include "Findings.h"
#include "RuntimeReport.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>

namespace torchsync {

enum class Format { Text, Json, Sarif, Github };

/// The format of --format=Name (text, json, sarif or github).
std::optional<Format> parseFormat(llvm::StringRef Name);

/// Version of the JSON format; it changes only when a field changes meaning
/// or goes away (new fields may appear without it).
constexpr int JsonFormatVersion = 1;

/// With Costs (--runtime-report), each measured finding carries a
/// "runtime" object and the report a top-level "runtime" object with the
/// unpredicted places.
void writeJson(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
               llvm::StringRef Root, const RuntimeCosts *Costs = nullptr);
/// SARIF 2.1.0, one run, one rule per registered check (and the rule of
/// unpredicted syncs when a result has it). Columns are UTF-16 code units,
/// as the run's columnKind says; a column that is not known (a finding read
/// back from a report whose source cannot be read) is left out. A finding
/// with a runtime verdict carries it in its result's properties and
/// message; an unconfirmed one is a note, and one with a "rank" property
/// has it as its SARIF rank too. With Costs (--runtime-report, or
/// render-sarif's), the unpredicted places follow the findings as results,
/// torchsync-verify is an extension of the tool and its run of the program
/// the run's invocation.
void writeSarif(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                llvm::StringRef Root, const RuntimeCosts *Costs = nullptr);
/// GitHub Actions workflow commands: one ::warning / ::error line per
/// finding, paths relative to the root.
void writeGithub(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings);

/// Writes the report of a run to OutputFile ("-" for standard output,
/// else through a temporary file): the Reported findings and, in SARIF and
/// JSON where a reader can tell them apart, the Suppressed ones. Text is in
/// colors on standard output when UseColor says so (unset: when it is a
/// terminal that has them). With Costs (--runtime-report), the unpredicted
/// places follow the findings in SARIF and JSON, and the text ends with the
/// "top syncs" table.
llvm::Error writeReport(llvm::StringRef OutputFile, Format OutputFormat,
                        llvm::ArrayRef<Finding> Reported,
                        llvm::ArrayRef<Finding> Suppressed,
                        llvm::StringRef Root, std::optional<bool> UseColor,
                        const RuntimeCosts *Costs = nullptr);

/// Writes the fixes of the Reported findings as YAML for
/// clang-apply-replacements to Path (through a temporary file).
/// clang-apply-replacements applies a note's fix-it when the warning has
/// none, so notes keep theirs only with FromNotes (--fix-notes). MainFile
/// is the analyzed file when there is one, else empty.
llvm::Error exportFixes(llvm::StringRef Path, llvm::StringRef MainFile,
                        llvm::ArrayRef<Finding> Reported, bool FromNotes);

/// Joins torchsync reports, all SARIF or all JSON, into one of the same
/// kind, dropping results that are identical in every field. What
/// --runtime-report added (JSON: the top-level "runtime"; SARIF: the
/// verifier's extension and invocation) is kept when every input that has
/// it has the same, else an error; a finding measured in one input and not
/// in another is kept once, measured. Writes it to Output ("-" for
/// standard output) through a temporary file.
llvm::Error mergeReports(llvm::ArrayRef<std::string> Inputs,
                         llvm::StringRef Output);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_OUTPUT_H
