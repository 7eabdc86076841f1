//===--- FixApply.h - Applying the fix-its of findings --------------------===//
//
// Part of torchsync. Applies fix-its the way clang-tidy's --fix does (the
// warning's fix-it, or with --fix-notes a note's when the warning has none;
// replacements that conflict with earlier ones are dropped; the result is
// cleaned up and formatted with the file's FormatStyle), but writes through
// SafeWrite.h, so that symbolic links, modes and hard links survive, and
// read-only files and write errors are reported. Files that did not
// compile are never changed.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_FIXAPPLY_H
#define TORCHSYNC_DRIVER_FIXAPPLY_H

#include "Findings.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace torchsync {

class FixPlan {
public:
  /// FromNotes: also take the fix-it of a note (--fix-notes).
  explicit FixPlan(bool FromNotes) : FromNotes(FromNotes) {}

  /// Never changes File (absolute): a fix-it that touches it is left out.
  void avoid(llvm::StringRef File) { Avoided.insert(File); }

  /// Adds the fix-it of F that --fix (or --fix-notes) applies, if any
  /// (chosenFix), and records where in F.AppliedFixes.
  void add(Finding &F);

  /// The files the fixes change, absolute, in name order.
  std::vector<std::string> files() const;
  unsigned total() const { return Total; }
  unsigned applied() const { return Applied; }

  /// Cleans up, formats and writes each file; StyleFor gives the
  /// FormatStyle of a file (as clang-tidy's FormatStyle option). Every file
  /// is checked before any is written: a read-only one changes nothing; a
  /// write that fails all the same stops at that file.
  llvm::Error write(llvm::function_ref<std::string(llvm::StringRef)> StyleFor);

private:
  bool FromNotes;
  llvm::StringSet<> Avoided;
  llvm::StringMap<clang::tooling::Replacements> ByFile;
  unsigned Total = 0;
  unsigned Applied = 0;
};

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_FIXAPPLY_H
