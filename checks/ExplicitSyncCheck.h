//===--- ExplicitSyncCheck.h - torchsync-explicit-sync ----------*- C++ -*-===//

#ifndef TORCHSYNC_EXPLICITSYNCCHECK_H
#define TORCHSYNC_EXPLICITSYNCCHECK_H

#include "utils/TorchSyncCheck.h"

namespace clang::tidy::torchsync {

/// Finds explicit waits for the GPU in hot code: device, stream and event
/// synchronize, raw CUDA synchronize and blocking cudaMemcpy calls, and
/// emptyCache.
///
/// For the user-facing documentation see docs/checks/explicit-sync.md.
class ExplicitSyncCheck : public TorchSyncCheck {
public:
  ExplicitSyncCheck(StringRef Name, ClangTidyContext *Context);
  void registerCheckMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_EXPLICITSYNCCHECK_H
