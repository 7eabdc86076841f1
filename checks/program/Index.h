//===--- Index.h - The program's resolved facts, and one decide -*- C++ -*-===//
//
// Part of torchsync. The whole-program facts of a project (Facts.h) as every
// route uses them: the driver resolves them from the files' summaries
// (Summary.h) over the project's call graph; the clang-tidy plugin and the
// editor load them from the summary file the driver wrote
// (`torchsync-facts.json`, Serialization.h), dropping those that rest on a
// file changed since. Either way one decide() says whether a finding's
// condition holds and which notes explain it (docs/options.md,
// "Whole-program facts"):
//   - a function is hot when a call to it is in a loop or another hot place,
//     or in a function that is hot (to a fixpoint), or when any file
//     registers it as an operator-library entry point (then its parameters
//     are open too);
//   - a parameter's device is the join of what every call site passes (all
//     CPU: CPU; any CUDA: CUDA; else unknown), for functions whose callers
//     are all seen: at least one call in the project, not virtual, address
//     never taken, not an operator entry point, and internal linkage or a
//     project that defines `main` (a library's external functions may be
//     called from outside);
//   - a user function returns the join of its returns' devices, and leaves
//     in an out-parameter the join of what its body writes there;
//   - where what it returns is CPU unless some of its own parameters are
//     not (`return t.to(device);`, or through a chain of such functions),
//     it is decided at each call by that call's arguments (a ReturnsAt
//     fact per call); recursion falls back to the join over every call;
//   - a project whose user code never reaches CUDA gets no finding that
//     rests on "if ... is a CUDA tensor".
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_PROGRAM_INDEX_H
#define TORCHSYNC_PROGRAM_INDEX_H

#include "program/Facts.h"
#include "program/Summary.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::torchsync {

/// A function as every translation unit names it: a hash of its USR
/// (clang::index::generateUSRForDecl), 8 bytes of BLAKE3.
class FunctionID {
public:
  FunctionID() = default;
  static FunctionID of(llvm::StringRef Usr);
  uint64_t raw() const { return Hash; }
  bool operator==(const FunctionID &O) const { return Hash == O.Hash; }
  bool operator!=(const FunctionID &O) const { return Hash != O.Hash; }

private:
  explicit FunctionID(uint64_t Hash) : Hash(Hash) {}
  uint64_t Hash = 0;
};

/// What identifies a fact: its kind, its function, its index (a
/// parameter's, a returned tuple's element + 1, an out-parameter's; 0 for a
/// hot function), an out-parameter's element and a returns-at fact's call.
struct FactKey {
  ProgramFact::KindType Kind = ProgramFact::Hot;
  FunctionID Function;
  unsigned Index = 0;
  unsigned Element = 0;
  /// For ReturnsAt: 8 bytes of BLAKE3 of the call's file and offset.
  uint64_t Place = 0;

  static FactKey of(const ProgramFact &F);
  bool operator==(const FactKey &O) const {
    return Kind == O.Kind && Function == O.Function && Index == O.Index &&
           Element == O.Element && Place == O.Place;
  }
};

/// Whether a finding's condition holds in the program, and the notes that
/// say why (where a function is made hot, where a CUDA or host tensor is
/// passed or returned), in the order they follow the finding's own notes.
struct Decision {
  bool Holds = false;
  std::vector<FactNote> Notes;
};

class Index {
public:
  /// The facts of the project whose files' summaries are \p Summaries (in
  /// file order: notes name the first call site in that order). Complete is
  /// false when some file of the project could not be summarized (its calls
  /// are not seen: every parameter stays unknown and the program may reach
  /// CUDA).
  static Index resolve(std::vector<Summary> Summaries, bool Complete);

  /// The facts of a summary file as the translation unit of \p MainFile may
  /// use them: those that come from a file whose content changed since are
  /// dropped (the main file's live parse stands in for its own, without a
  /// warning; any other is listed by staleFiles()).
  /// \p MainHash (factsContentHash) is the text the translation unit
  /// parses, where it may differ from the file on disk (an editor's unsaved
  /// buffer): the main file's facts are dropped when it differs from the
  /// text they were made from (D16). \p Database, a compile_commands.json,
  /// gives each summarized file's current compile commands: a file whose
  /// commands changed since is stale as one whose text did (D14).
  Index(const FactsFile &File, llvm::StringRef MainFile,
        llvm::StringRef MainHash = "", llvm::StringRef Database = "");

  /// Loads the summary file \p Path for \p MainFile, sharing the parsed file
  /// between the translation units and checks of a process (reloaded when
  /// it changes). Errors name the file. The compile commands are those of
  /// the compile_commands.json beside it.
  static llvm::Expected<std::shared_ptr<const Index>>
  load(llvm::StringRef Path, llvm::StringRef MainFile,
       llvm::StringRef MainHash = "");

  /// Whether \p C holds, with the notes that explain it: every Hot fact is
  /// hot, some Devices fact may be non-CPU (when there are any), every Host
  /// fact is CPU, and with Cuda the program reaches CUDA. The one decision
  /// of the driver, the plugin and the editor.
  Decision decide(const Condition &C) const;

  /// The fact \p Key (its device and notes), or null when the index has
  /// none that may be used. A returns-at fact of a call the index has no
  /// fact of its own for (its function does not return on the device of a
  /// parameter) is the function's Returns fact.
  const ResolvedFact *find(const ProgramFact &Key) const;
  /// The fact that function \p Usr is hot, or null.
  const ResolvedFact *hot(llvm::StringRef Usr) const;
  /// False only when the program never reaches CUDA and no file that rests
  /// on changed.
  bool reachesCuda() const { return ReachesCuda; }
  /// The files other than the main file whose content changed since the
  /// summary file was written (or that are gone), then "the compile command
  /// of F" for each file F whose compile commands changed.
  const std::vector<std::string> &staleFiles() const { return Stale; }
  /// The summary file names the main file: it is part of the project the
  /// facts are about.
  bool describesMainFile() const { return DescribesMain; }

  /// The facts, for the summary file: after resolve(), every hot function
  /// with its notes, every parameter's and return's device, the device of
  /// what a function that returns on the device of a parameter returns at
  /// each call of it, whether the program reaches CUDA, each with the files
  /// it comes from (their hashes are left empty for the writer to fill in).
  const FactsFile &data() const { return Shared->Data; }

private:
  struct Table;
  Index() = default;
  Index(std::shared_ptr<const Table> T, llvm::StringRef MainFile,
        llvm::StringRef MainHash, llvm::StringRef Database);
  static std::shared_ptr<const Table> tableOf(FactsFile Data);
  /// The device of a fact: Unknown where the index has none.
  Device deviceOf(const ProgramFact &F) const;

  struct KeyInfo {
    static FactKey getEmptyKey();
    static FactKey getTombstoneKey();
    static unsigned getHashValue(const FactKey &K);
    static bool isEqual(const FactKey &A, const FactKey &B) { return A == B; }
  };
  /// The facts with where each is, built once per loaded summary file and
  /// shared by the translation units that read it (D20: the cost of a
  /// translation unit does not grow with the file).
  struct Table {
    FactsFile Data;
    llvm::DenseMap<FactKey, unsigned, KeyInfo> Positions;
  };
  std::shared_ptr<const Table> Shared;
  /// The files whose facts this translation unit does not use.
  llvm::StringSet<> Dropped;
  std::vector<std::string> Stale;
  bool DescribesMain = false;
  bool ReachesCuda = true;
};

/// The summary file a translation unit reads for the option value \p Option
/// (`SummaryFile`): empty or "none" when none. An empty option looks for
/// DefaultFactsFileName next to the first compile_commands.json in
/// \p BuildDir or above it; a relative path is taken from \p BuildDir.
std::string indexFileFor(llvm::StringRef Option, llvm::StringRef BuildDir);

/// The default summary file of the compile database in \p DatabaseDir:
/// next to its compile_commands.json, or, where that is a symbolic link
/// (`ln -s build/compile_commands.json .`), next to the file it names, where
/// the checks look for it from the compile commands' directory (D18).
std::string factsFileBeside(llvm::StringRef DatabaseDir);

/// Where the summary file of \p BuildDir's compile database would be, if it
/// is not there and the database lists more than one file (so that facts of
/// other files may matter); empty otherwise. What the plugin warns about
/// when indexFileFor finds nothing.
std::string missingIndexFileFor(llvm::StringRef BuildDir);

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_PROGRAM_INDEX_H
