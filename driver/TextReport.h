//===--- TextReport.h - Findings as compiler-style text -------------------===//
//
// Part of torchsync. Prints findings with clang's own diagnostic printer
// (the source line, a caret under the place, the highlighted ranges and
// fix-it hints), onto the driver's stream: standard output or the -o file.
// Paths are relative to the root, like those of the other formats.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_TEXTREPORT_H
#define TORCHSYNC_DRIVER_TEXTREPORT_H

#include "Findings.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>

namespace torchsync {

class TextReport {
public:
  /// Colors: print with ANSI colors, as clang does on a terminal.
  TextReport(llvm::raw_ostream &OS, llvm::StringRef Root, bool Colors);
  ~TextReport();

  /// Prints F as clang-tidy prints a diagnostic, and its notes; after it, what
  /// torchsync-verify measured for it (F.Runtime, --runtime-report), then one
  /// "FIX-IT applied" (or "unable to apply") note per replacement of its fix-it
  /// that --fix used (F.AppliedFixes).
  void print(const Finding &F);

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_TEXTREPORT_H
