//===--- NonblockingRaceCheck.h - torchsync-nonblocking-race ----*- C++ -*-===//

#ifndef TORCHSYNC_NONBLOCKINGRACECHECK_H
#define TORCHSYNC_NONBLOCKINGRACECHECK_H

#include "utils/PendingReads.h"
#include "utils/TorchSyncCheck.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <memory>

namespace clang {
namespace tidy::torchsync {

/// Finds host reads of the result of a non_blocking device-to-host copy
/// that nothing has waited for: the host may read the buffer before the GPU
/// has written it.
///
/// For the user-facing documentation see docs/checks/nonblocking-race.md.
class NonblockingRaceCheck : public TorchSyncCheck {
public:
  NonblockingRaceCheck(StringRef Name, ClangTidyContext *Context);
  ~NonblockingRaceCheck() override;
  void registerCheckMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  PendingReads Reads;
  /// Reads already reported (by location: every instantiation of a template
  /// shares one), and statements that already received a fix.
  llvm::DenseSet<unsigned> ReportedReads;
  llvm::DenseSet<unsigned> FixedStatements;
};

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_NONBLOCKINGRACECHECK_H
