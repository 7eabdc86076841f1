//===--- FactsOutput.h - Writing the summary file of a run ----------------===//
//
// Part of torchsync. A whole-project run writes the facts it resolved
// (checks/program/Index.h, Index::data) to `torchsync-facts.json` next to
// compile_commands.json and to `--write-summaries=<file>`, for the checks'
// `SummaryFile` option (docs/options.md, "Summary file"). The file is
// written to a temporary file and renamed: never half-written.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_FACTSOUTPUT_H
#define TORCHSYNC_DRIVER_FACTSOUTPUT_H

#include "utils/FactsFile.h"
#include "llvm/Support/Error.h"

namespace torchsync {

/// The default summary file of the compile database in \p BuildDir.
std::string defaultFactsPath(llvm::StringRef BuildDir);

/// Fails, with one line naming \p Path and the problem, when \p Path exists
/// and is not a summary file torchsync wrote (of any version): it is not
/// overwritten.
llvm::Error checkFactsOutput(llvm::StringRef Path);

/// Records the content hash of every file of \p Facts and writes it to
/// \p Path.
llvm::Error writeFactsFile(llvm::StringRef Path,
                           clang::tidy::torchsync::FactsFile Facts);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_FACTSOUTPUT_H
