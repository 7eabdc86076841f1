//===--- Facts.h - Facts about the program outside a file -------*- C++ -*-===//
//
// Part of torchsync. What one translation unit cannot see and a
// whole-program run decides: a function is hot, a parameter, a returned
// tensor (at every call, or at one call) or what a function leaves in an
// out-parameter may be on another device than the CPU; and the condition of a
// finding over them; the facts a whole-project run resolved. Plain data, and
// the text form of the note that carries a finding's condition from the
// checks to the driver.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_PROGRAM_FACTS_H
#define TORCHSYNC_PROGRAM_FACTS_H

#include "program/Device.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::torchsync {

/// One fact about the program outside a translation unit.
struct ProgramFact {
  enum KindType {
    Hot,       ///< Function Usr is hot.
    Parameter, ///< Parameter Index of function Usr may be non-CPU.
    Returns,   ///< What function Usr returns may be non-CPU.
    Out,       ///< What function Usr leaves in its out-parameter Index (a
               ///< non-const lvalue reference to a tensor or a container of
               ///< tensors) may be non-CPU.
    ReturnsAt  ///< What function Usr returns (Index as for Returns) at the
               ///< call at File and Offset may be non-CPU: where it returns
               ///< on the device of some of its parameters, that call's
               ///< arguments decide; elsewhere it is the Returns fact.
  };
  KindType Kind = Hot;
  std::string Usr;
  unsigned Index = 0;
  /// The function's name, for messages.
  std::string Name;
  /// For Out: 0 for the tensor itself (or any element of a sequence),
  /// element + 1 for an element of a tuple or pair (as a Returns fact's
  /// Index). 0 for the other kinds.
  unsigned Element = 0;
  /// For ReturnsAt: the call's place, as a summary names it (SummaryPlace:
  /// the file's absolute path and the byte offset where the call begins).
  std::string File;
  unsigned Offset = 0;

  bool operator==(const ProgramFact &O) const {
    return Kind == O.Kind && Usr == O.Usr && Index == O.Index &&
           Element == O.Element && File == O.File && Offset == O.Offset;
  }
};

/// Encodes facts as one line ("hot 0 <name> <usr>|param 1 <name> <usr>|
/// out 0:2 <name> <usr>|at 0 <name> <usr> <offset> <file>|..."; an out
/// fact's index is "<param>:<element>"; a returns-at fact ends with its
/// call's offset and file, whose '%', '|', ';' and control characters are
/// written %XX), and back: the lists of a condition note, and the facts a
/// per-file summary's device values depend on.
std::string encodeFacts(const std::vector<ProgramFact> &Facts);
std::vector<ProgramFact> decodeFacts(llvm::StringRef Text);

/// What a candidate finding of a whole-project run rests on: it is reported
/// if every Hot fact holds, some Devices fact may be non-CPU (when there are
/// any), every Host fact is CPU (those parameters or returns are host
/// tensors on every call), and, with Cuda, the program reaches CUDA.
struct Condition {
  std::vector<ProgramFact> Hot, Devices, Host;
  bool Cuda = false;

  /// The finding holds in every program.
  bool empty() const {
    return Hot.empty() && Devices.empty() && Host.empty() && !Cuda;
  }

  /// The text of the note that carries the condition from the checks to
  /// the driver, where fromNote() reads it back and the note is removed
  /// (the only writer and reader of that text):
  /// "torchsync-condition: hot=<facts>;device=<facts>;host=<facts>;cuda=<0|1>".
  std::string toNote() const;
  /// The condition a note's text carries; none for any other note.
  static std::optional<Condition> fromNote(llvm::StringRef NoteText);

  bool operator==(const Condition &O) const {
    return Hot == O.Hot && Devices == O.Devices && Host == O.Host &&
           Cuda == O.Cuda;
  }
};

/// The program's facts as a whole-project run resolved them: what the
/// summary file holds (Serialization.h) and what Index answers from.

/// The default name of the facts file, next to compile_commands.json.
constexpr llvm::StringLiteral DefaultFactsFileName = "torchsync-facts.json";
/// A note that explains a fact at a place in a file ("'step' is called in a
/// loop here"), as the driver adds it to the findings the fact decides.
struct FactNote {
  std::string Text;
  std::string File;
  unsigned Offset = 0;
};

/// One resolved fact.
struct ResolvedFact {
  ProgramFact Fact;
  /// For Parameter, Returns, Out and ReturnsAt: CPU, CUDA or Unknown.
  torchsync::Device Device = torchsync::Device::Unknown;
  std::vector<FactNote> Notes;
  /// The files it comes from (absolute paths, keys of FactsFile::Files).
  std::vector<std::string> From;
};

struct FactsFile {
  /// Every file a fact comes from, with its content hash.
  std::map<std::string, std::string> Files;
  /// The summarized files, each with the hash (commandHash) of its compile
  /// commands in the database the facts were made from: a file whose
  /// commands changed since is stale like one whose text did (D14).
  std::map<std::string, std::string> Commands;
  /// Every file of the project could be summarized.
  bool Complete = true;
  /// The user code reaches CUDA (docs/options.md); when false, it rests on
  /// every file of Files.
  bool ReachesCuda = true;
  std::string CudaReason;
  std::vector<ResolvedFact> Facts;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_PROGRAM_FACTS_H
