//===--- Recorder.h - What one file cannot see ------------------*- C++ -*-===//
//
// Part of torchsync. The questions the analyses of one translation unit ask
// about the rest of the program (design.md, "Whole-program facts"): is a
// function hot because of a call in another file, on which device does a
// caller pass a parameter, on which device does a function defined elsewhere
// return its tensor (at this call: a function that returns on the device
// of its argument returns, at each call, on what that call passes). Facts
// name functions by USR (clang::index::generateUSRForDecl), which is the
// same in every translation unit that declares the function, and calls by
// place (summaryPlaceOf), the same in every route.
//
// Modes:
//   - Off: per-file rules; every answer is "not known".
//   - Record: the driver's whole-project pass, and the clang-tidy plugin and
//     the editor with a summary file. Answers are "not known", so a file's
//     analysis is what it is without facts, but a finding that rests on a
//     fact records it as its condition (TorchSyncCheck), which the
//     program's index decides (program/Index.h): the driver's after every
//     file is summarized, the plugin's and the editor's (loaded from the
//     summary file) as the finding is reported. Every route decides the
//     same way.
//   - AssumeCpu: the re-evaluation of a finding's tensor in Record mode:
//     every device fact answers CPU and is remembered, so that the finding
//     can say which facts would have to be CPU for it to go away.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_PROGRAM_RECORDER_H
#define TORCHSYNC_PROGRAM_RECORDER_H

#include "program/Device.h"
#include "program/Facts.h"
#include "program/Summary.h"
#include "clang/Basic/FileEntry.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CallExpr;
class Decl;
class FunctionDecl;
class ParmVarDecl;
class SourceManager;
namespace tidy::torchsync {

/// The USR of \p D, or empty when it has none.
std::string usrOf(const Decl *D);

/// The name a file has in summaries and facts: its real path where the
/// file system gives one.
std::string summaryPath(FileEntryRef Entry);
/// The place of \p Loc (its file location: where a macro is expanded) as
/// summaries and facts name it: a call's place identifies it in a
/// ReturnsAt fact. Empty File where it is in no file.
SummaryPlace summaryPlaceOf(const SourceManager &SM, SourceLocation Loc);

/// The entries of a list option (`HotFunctions`, `EntryPoints`): the
/// `;`-separated names, trimmed, empty ones left out. The checks and the
/// driver's collector read the lists this one way.
std::vector<std::string> optionList(llvm::StringRef Value);

/// The reserved (global) option through which the driver switches the
/// checks to recording whole-program facts (Mode::Record); not for
/// configuration files.
constexpr llvm::StringLiteral RecordFactsOption = "TorchSyncRecordFacts";
/// The reserved (global) option through which the driver's per-file runs
/// keep the per-file rules whatever `SummaryFile` says.
constexpr llvm::StringLiteral NoSummaryFileOption = "TorchSyncNoSummaryFile";

class Recorder {
public:
  enum class Mode { Off, Record, AssumeCpu };

  explicit Recorder(Mode M = Mode::Off) : M(M) {}
  Mode mode() const { return M; }
  bool recording() const { return M == Mode::Record; }

  /// The device a caller passes for \p P (a tensor or device parameter),
  /// when the facts say; nullopt when they do not.
  std::optional<Device> parameterDevice(const ParmVarDecl *P);
  /// The device of the tensor that \p F returns, when the facts say; with
  /// \p Element, of that element of the tuple or pair it returns; with
  /// \p Call, at that call of it (a ReturnsAt fact).
  std::optional<Device> returnDevice(const FunctionDecl *F,
                                     std::optional<unsigned> Element = {},
                                     const CallExpr *Call = nullptr);
  /// The device of what \p F leaves in its out-parameter \p Param (with
  /// \p Element, in that element of the tuple or pair), when the facts say.
  std::optional<Device> outDevice(const FunctionDecl *F, unsigned Param,
                                  std::optional<unsigned> Element = {});

  /// The device facts asked in AssumeCpu mode, in the order asked.
  const std::vector<ProgramFact> &consulted() const { return Consulted; }

  /// In Record mode: the analysis of the current match took the tensor of
  /// the sync at \p Loc to be a host tensor because \p HostFacts would make
  /// it one (a transfer's source that is CPU when the parameters it comes
  /// from are: Transfers.h). The finding reported at \p Loc then carries
  /// them as its host condition. Forgotten at the next match.
  void assumeHost(SourceLocation Loc, std::vector<ProgramFact> HostFacts);
  /// The host facts assumed for a finding at \p Loc in this match.
  std::vector<ProgramFact> hostAssumptionsAt(SourceLocation Loc) const;
  void startMatch() { HostAssumed.clear(); }

private:
  std::optional<Device> lookup(ProgramFact Fact);

  Mode M;
  std::vector<ProgramFact> Consulted;
  std::vector<std::pair<SourceLocation, std::vector<ProgramFact>>> HostAssumed;
};

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_PROGRAM_RECORDER_H
