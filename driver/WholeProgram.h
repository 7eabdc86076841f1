//===--- WholeProgram.h - Findings decided over the whole program ---------===//
//
// Part of torchsync. In a whole-project run the checks report candidates
// whose condition rests on facts of other files (checks/program/Facts.h);
// the program's index (checks/program/Index.h) decides each, as the
// clang-tidy plugin and the editor decide theirs, and the kept ones get the
// notes that explain them at their places in other files.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_WHOLEPROGRAM_H
#define TORCHSYNC_DRIVER_WHOLEPROGRAM_H

#include "Findings.h"
#include "program/Index.h"
#include <vector>

namespace torchsync {

/// Drops the findings whose conditions do not hold in \p Program and adds
/// the notes that explain those that do; findings without conditions are
/// kept as they are.
void decideFindings(const clang::tidy::torchsync::Index &Program,
                    std::vector<Finding> &Findings, SourceFiles &Sources);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_WHOLEPROGRAM_H
