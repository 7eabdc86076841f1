//===--- WholeProgram.h - Findings decided over the whole program ---------===//
//
// Part of torchsync. In a whole-project run the checks report candidates
// whose condition rests on facts of other files (checks/program/Facts.h);
// the program's index (checks/program/Index.h) decides each, as the
// clang-tidy plugin and the editor decide theirs, and the kept ones get the
// notes that explain them at their places in other files. The run writes the
// index to `torchsync-facts.json` next to compile_commands.json and to
// `--write-summaries=<file>`, for the checks' `SummaryFile` option
// (docs/options.md, "Summary file"), to a temporary file renamed into place:
// never half-written.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_WHOLEPROGRAM_H
#define TORCHSYNC_DRIVER_WHOLEPROGRAM_H

#include "Findings.h"
#include "program/Index.h"
#include "program/Summary.h"
#include "llvm/Support/Error.h"
#include <string>
#include <utility>
#include <vector>

namespace torchsync {

/// The index of the program whose files' summaries are \p Summaries (each
/// with its file), resolved in file order whatever the order given: the
/// notes name the same call sites whichever files are reported. Complete is
/// false when some file of the program could not be summarized.
clang::tidy::torchsync::Index resolveProgram(
    std::vector<std::pair<std::string, clang::tidy::torchsync::Summary>>
        Summaries,
    bool Complete);

/// Drops the findings whose conditions do not hold in \p Program and adds
/// the notes that explain those that do; findings without conditions are
/// kept as they are.
void decideFindings(const clang::tidy::torchsync::Index &Program,
                    std::vector<Finding> &Findings, SourceFiles &Sources);

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

#endif // TORCHSYNC_DRIVER_WHOLEPROGRAM_H
