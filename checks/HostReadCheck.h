//===--- HostReadCheck.h - torchsync-host-read ------------------*- C++ -*-===//

#ifndef TORCHSYNC_HOSTREADCHECK_H
#define TORCHSYNC_HOSTREADCHECK_H

#include "utils/TorchSyncCheck.h"

namespace clang::tidy::torchsync {

/// Finds reads of CUDA tensor values on the host in hot code: item(),
/// is_nonzero(), equal(), allclose(), printing, 0-dim tensor indices and
/// torch::save.
///
/// For the user-facing documentation see docs/checks/host-read.md.
class HostReadCheck : public TorchSyncCheck {
public:
  HostReadCheck(StringRef Name, ClangTidyContext *Context);
  void registerCheckMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void checkTableCall(const CallExpr *Call, ASTContext &Ctx);
  /// When sync-control-flow runs too, host reads in conditions are its
  /// findings, not ours: one finding per call.
  const bool ControlFlowCheckEnabled;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_HOSTREADCHECK_H
