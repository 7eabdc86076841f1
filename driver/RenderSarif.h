//===--- RenderSarif.h - SARIF of a JSON report and a verifier's report ---===//
//
// Part of torchsync. `torchsync render-sarif` writes the SARIF log of a JSON
// report of torchsync (docs/json-format.md) with the driver's own SARIF
// writer (Output.h). Given torchsync-verify's JSON report of the same
// findings (docs/verify-format.md) it adds what the run on the GPU
// measured, exactly as `torchsync --runtime-report` adds it to its SARIF
// (applyRuntimeReport, RuntimeReport.h): each entry of the verifier's
// report is matched to its finding by fingerprint, and the finding's result
// carries the verdict, the sync count, the blocked time and its rank in its
// properties; each place of syncs that no finding predicted becomes a
// result of its own rule, torchsync-verify-unpredicted-sync. Unlike
// --runtime-report, every finding and every entry must have its
// counterpart. The verifier (Python, on a machine
// without LLVM) writes no SARIF of its own: one writer, one column kind,
// one way of encoding URIs.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_RENDERSARIF_H
#define TORCHSYNC_DRIVER_RENDERSARIF_H

#include "llvm/Support/Error.h"
#include <string>

namespace torchsync {

struct RenderOptions {
  /// torchsync's JSON report (--format=json).
  std::string FindingsFile;
  /// torchsync-verify's JSON report of those findings; empty: none.
  std::string RuntimeReportFile;
  /// The root of the report's paths and of the sources read for UTF-16
  /// columns; empty: the verifier's root, else that of the findings.
  std::string Root;
  /// Where the SARIF log goes ("-": standard output).
  std::string Output = "-";
};

/// Reads both reports, matches them and writes the SARIF log (through a
/// temporary file). The error names the file and the first problem.
llvm::Error renderSarif(const RenderOptions &Options);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_RENDERSARIF_H
