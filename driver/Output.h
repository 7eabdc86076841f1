//===--- Output.h - Report formats: JSON, SARIF, GitHub annotations -------===//
//
// Part of torchsync. Writes the findings of a run in the formats CI systems
// read, and merges the reports of several runs (sharded CI jobs) into one.
// The JSON format is described in docs/json-format.md, the others in
// docs/ci.md.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_OUTPUT_H
#define TORCHSYNC_DRIVER_OUTPUT_H

#include "Findings.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace torchsync {

enum class Format { Text, Json, Sarif, Github };

/// Version of the JSON format; it changes only when a field changes meaning
/// or goes away (new fields may appear without it).
constexpr int JsonFormatVersion = 1;

void writeJson(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
               llvm::StringRef Root);
/// SARIF 2.1.0, one run, one rule per registered check.
void writeSarif(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                llvm::StringRef Root);
/// GitHub Actions workflow commands: one ::warning / ::error line per
/// finding, paths relative to the root.
void writeGithub(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings);

/// Joins torchsync reports, all SARIF or all JSON, into one of the same
/// kind, dropping results that are identical in every field. Writes it to
/// Output ("-" for standard output) through a temporary file.
llvm::Error mergeReports(llvm::ArrayRef<std::string> Inputs,
                         llvm::StringRef Output);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_OUTPUT_H
