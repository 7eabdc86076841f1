//===--- SyncControlFlowCheck.h - torchsync-sync-control-flow ---*- C++ -*-===//

#ifndef TORCHSYNC_SYNCCONTROLFLOWCHECK_H
#define TORCHSYNC_SYNCCONTROLFLOWCHECK_H

#include "utils/TorchSyncCheck.h"

namespace clang::tidy::torchsync {

/// Finds branches, loop conditions and checks whose condition reads a CUDA
/// tensor value on the host.
///
/// For the user-facing documentation see docs/checks/sync-control-flow.md.
class SyncControlFlowCheck : public TorchSyncCheck {
public:
  SyncControlFlowCheck(StringRef Name, ClangTidyContext *Context);
  void registerCheckMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_SYNCCONTROLFLOWCHECK_H
