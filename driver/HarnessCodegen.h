//===--- HarnessCodegen.h - The code of a harness -------------------------===//
//
// Part of torchsync. Writes what snippet mode (Harness.h) emits: per source
// file with harnessed findings, a C++ program that includes the user's file
// and calls each harnessed function on inputs made from the spec (or the
// defaults), and a CMakeLists.txt that builds them all against LibTorch.
// docs/harness.md describes the output.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_HARNESSCODEGEN_H
#define TORCHSYNC_DRIVER_HARNESSCODEGEN_H

#include "HarnessSpec.h"
#include "HarnessTargets.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace torchsync {

/// How many times a harness calls each function.
constexpr int CallsPerFunction = 3;

/// One function a harness calls, with the findings it holds.
struct Call {
  Target T;
  std::string Body; ///< Statements of one call.
  std::string CallExpr;
  std::vector<std::string> Where; ///< "path:line check" of each finding.
};

struct HarnessFile {
  std::string Source; ///< Absolute.
  std::string Path;   ///< Root-relative.
  std::string Stem;   ///< File and target names.
  std::vector<Call> Calls;
  /// The project's include directories from the compile command; absolute.
  std::vector<std::string> IncludeDirs;
};

/// Path of To relative to the directory From (both absolute).
std::string relativeTo(llvm::StringRef To, llvm::StringRef From);

/// The include directories (-I, -iquote, -isystem, -idirafter) of File's
/// compile command and ExtraArgs that lie under Root: the project's own
/// headers, which the user's file may include. LibTorch's and the system's
/// come from find_package(Torch) on the machine that builds the harness, so
/// a directory outside the root, or one that holds LibTorch's own headers,
/// is left out: the harness must see one LibTorch.
std::vector<std::string>
projectIncludeDirs(llvm::StringRef File,
                   const clang::tooling::CompilationDatabase &DB,
                   llvm::ArrayRef<std::string> ExtraArgs, llvm::StringRef Root);

/// The statements that make the inputs of C's target and call it once;
/// adds the name of the spec entry used to Used. Fails when the spec's
/// entry does not fit the function.
llvm::Error makeCall(Call &C, const HarnessSpec &Spec, llvm::StringSet<> &Used);

/// The harness program of H, which includes the user's file by Include.
void writeHarnessSource(llvm::raw_ostream &OS, const HarnessFile &H,
                        llvm::StringRef Include);

/// The CMakeLists.txt that builds Files' harnesses in Dir. Movable: the
/// directory and the project's include directories lie under the root, so
/// the directories are written relative to the CMakeLists.txt.
void writeCMakeLists(llvm::raw_ostream &OS, llvm::ArrayRef<HarnessFile> Files,
                     llvm::StringRef Dir, bool Movable);

/// A file name from a stem: letters, digits, '_' and '-'.
std::string safeStem(llvm::StringRef Path);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_HARNESSCODEGEN_H
