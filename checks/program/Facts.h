//===--- Facts.h - Facts about the program outside a file -------*- C++ -*-===//
//
// Part of torchsync. What one translation unit cannot see and a
// whole-program run decides: a function is hot, a parameter or a returned
// tensor may be on another device than the CPU. Plain data and their text
// form in the condition note that carries a finding's condition from the
// checks to the driver. A leaf.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_PROGRAM_FACTS_H
#define TORCHSYNC_PROGRAM_FACTS_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang::tidy::torchsync {

/// One fact about the program outside a translation unit.
struct ProgramFact {
  enum KindType {
    Hot,       ///< Function Usr is hot.
    Parameter, ///< Parameter Index of function Usr may be non-CPU.
    Returns    ///< What function Usr returns may be non-CPU.
  };
  KindType Kind = Hot;
  std::string Usr;
  unsigned Index = 0;
  /// The function's name, for messages.
  std::string Name;

  bool operator==(const ProgramFact &O) const {
    return Kind == O.Kind && Usr == O.Usr && Index == O.Index;
  }
};

/// Encodes facts as one line ("hot <usr>|param <i> <usr>|..."), the text of
/// the condition note a finding carries to the driver, and back.
std::string encodeFacts(const std::vector<ProgramFact> &Facts);
std::vector<ProgramFact> decodeFacts(llvm::StringRef Text);

/// The prefix of the note that carries a finding's condition from the checks
/// to the driver in a whole-project run (the driver removes it). Its text
/// after the prefix: "hot=<facts>;device=<facts>;host=<facts>;cuda=<0|1>":
/// reported if every hot fact holds, some device fact may be non-CPU (when
/// there are any), every host fact is CPU (the parameters or returns are
/// host tensors on every call), and with cuda=1 the program reaches CUDA.
constexpr llvm::StringLiteral ConditionNotePrefix = "torchsync-condition: ";

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_PROGRAM_FACTS_H
