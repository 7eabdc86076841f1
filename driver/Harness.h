//===--- Harness.h - Snippet-mode harnesses for the runtime verifier ------===//
//
// Part of torchsync. `torchsync --emit-harness=DIR` writes, for each finding
// whose enclosing function takes only tensors and arithmetic scalars, a
// program that calls that function on CUDA with fresh random inputs, so that
// `torchsync-verify run` can watch the function sync on a GPU. The enclosing
// functions are found by a second, small parse of the files with findings;
// the harness includes the user's source file itself, so static functions
// and functions in anonymous namespaces are callable and the debug
// information of the call points to the user's file:line. A finding whose
// function cannot be called this way is reported as unsupported, with the
// reason, never faked. docs/harness.md describes the output. The parts:
// HarnessSpec.h reads the inputs given, HarnessTargets.h finds the functions,
// HarnessCodegen.h writes the code.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_HARNESS_H
#define TORCHSYNC_DRIVER_HARNESS_H

#include "Findings.h"
#include "HarnessSpec.h"
#include "InputFiles.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace torchsync {

/// Where harnesses go and with what inputs; made before the analysis so that
/// bad input fails fast.
struct HarnessSettings {
  std::string Dir; ///< Absolute.
  HarnessSpec Spec;
  /// Inserted after the compiler (--extra-arg-before) and appended
  /// (--extra-arg) to every compile command of the second parse.
  std::vector<std::string> ExtraArgsBefore;
  std::vector<std::string> ExtraArgs;
  /// Laid over the file system of the second parse (--vfsoverlay).
  std::optional<VfsOverlay> Overlay;
  /// No note per unsupported finding on standard error.
  bool Quiet = false;
};

/// Checks the options: Dir is a directory, or can be made, that this user
/// may write (it is made by emitHarnesses), and reads the spec when
/// SpecFile is not empty.
llvm::Expected<HarnessSettings> prepareHarness(llvm::StringRef Dir,
                                               llvm::StringRef SpecFile);

/// Makes Settings.Dir (and its parents) and writes the harnesses of Findings
/// into it: <stem>.harness.cpp
/// per source file, harness.json (one entry per finding) and CMakeLists.txt.
/// Notes each unsupported finding on standard error. Fails only on a file
/// that cannot be written or a spec that does not fit a function.
llvm::Error emitHarnesses(llvm::ArrayRef<Finding> Findings,
                          const clang::tooling::CompilationDatabase &DB,
                          const SourceFiles &Sources,
                          const HarnessSettings &Settings);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_HARNESS_H
