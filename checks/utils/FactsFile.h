//===--- FactsFile.h - Resolved whole-program facts on disk -----*- C++ -*-===//
//
// Part of torchsync. A whole-project run of the driver writes the facts it
// resolved over the program (driver/Resolve.h) to a file, by default
// `torchsync-facts.json` next to `compile_commands.json`; the checks read it
// through the `SummaryFile` option (docs/options.md, "Summary file"), so
// that the clang-tidy plugin and the editor decide with the same facts as
// the driver.
//
// Each fact records the files it comes from; the file records a content
// hash (BLAKE3, as the result cache) of each. A fact that comes from a file
// whose content changed since is dropped, never trusted.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_FACTSFILE_H
#define TORCHSYNC_UTILS_FACTSFILE_H

#include "program/Device.h"
#include "program/Facts.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::torchsync {

/// The default name of the facts file, next to compile_commands.json.
constexpr llvm::StringLiteral DefaultFactsFileName = "torchsync-facts.json";
/// The version of the format; a file of another version is refused.
constexpr unsigned FactsFileVersion = 1;

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
  /// For Parameter and Returns: CPU, CUDA or Unknown.
  torchsync::Device Device = torchsync::Device::Unknown;
  std::vector<FactNote> Notes;
  /// The files it comes from (absolute paths, keys of FactsFile::Files).
  std::vector<std::string> From;
};

struct FactsFile {
  /// Every file a fact comes from, with its content hash.
  std::map<std::string, std::string> Files;
  /// Every file of the project could be summarized.
  bool Complete = true;
  /// The user code reaches CUDA (docs/options.md); when false, it rests on
  /// every file of Files.
  bool ReachesCuda = true;
  std::string CudaReason;
  std::vector<ResolvedFact> Facts;
};

/// The content hash recorded for a file's text.
std::string factsContentHash(llvm::StringRef Data);

std::string factsToJson(const FactsFile &F);
/// Errors are one line naming the problem ("not JSON: ...", "version 2,
/// expected 1", ...), without the file's name.
llvm::Expected<FactsFile> factsFromJson(llvm::StringRef Text);
/// Reads and parses \p Path; errors name it ("cannot read summary file
/// 'x': ...").
llvm::Expected<FactsFile> readFactsFile(llvm::StringRef Path);

/// The facts of a summary file as one translation unit may use them: those
/// that come from a file changed since are dropped.
class ResolvedFacts {
public:
  /// \p MainFile is the file being analyzed: its live parse stands in for
  /// the facts that came from it (they are dropped without a warning).
  ResolvedFacts(const FactsFile &File, llvm::StringRef MainFile);

  /// The files other than MainFile whose content changed since the summary
  /// file was written (or that are gone).
  const std::vector<std::string> &staleFiles() const { return Stale; }

  /// The fact of this kind, function and index, or null when the file has
  /// none that may be used.
  const ResolvedFact *find(const ProgramFact &Key) const;
  /// False only when the summary says the program never reaches CUDA and no
  /// file it rests on changed.
  bool reachesCuda() const { return ReachesCuda; }
  /// The summary file names the file being analyzed: it is part of the
  /// project the facts are about.
  bool describesMainFile() const { return DescribesMain; }

private:
  llvm::StringMap<ResolvedFact> Facts;
  std::vector<std::string> Stale;
  bool ReachesCuda = true;
  bool DescribesMain = false;
};

/// The summary file a translation unit reads for the option value \p Option
/// (`SummaryFile`): empty or "none" when none. An empty option looks for
/// DefaultFactsFileName next to the first compile_commands.json in
/// \p BuildDir or above it; a relative path is taken from \p BuildDir.
std::string summaryFileFor(llvm::StringRef Option, llvm::StringRef BuildDir);

/// Loads \p Path for \p MainFile, sharing the parsed file between the
/// translation units and checks of a process (reloaded when it changes).
llvm::Expected<std::shared_ptr<const ResolvedFacts>>
loadResolvedFacts(llvm::StringRef Path, llvm::StringRef MainFile);

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_UTILS_FACTSFILE_H
