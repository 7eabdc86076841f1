//===--- FactsFile.h - Resolved whole-program facts on disk -----*- C++ -*-===//
//
// Part of torchsync. A whole-project run of the driver writes the facts it
// resolved over the program (program/Index.h) to a file, by default
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
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <map>
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

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_UTILS_FACTSFILE_H
