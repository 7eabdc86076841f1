//===--- ClipGradNormCheck.h - torchsync-clip-grad-norm ---*- C++ -*-===//

#ifndef TORCHSYNC_CLIPGRADNORMCHECK_H
#define TORCHSYNC_CLIPGRADNORMCHECK_H

#include "utils/TorchSyncCheck.h"

namespace clang::tidy::torchsync {

/// Finds torch::nn::utils::clip_grad_norm_ in hot code: the C++ version
/// returns the total norm as a double, which always waits for the GPU.
///
/// For the user-facing documentation see docs/checks/clip-grad-norm.md.
class ClipGradNormCheck : public TorchSyncCheck {
public:
  ClipGradNormCheck(StringRef Name, ClangTidyContext *Context);
  void registerCheckMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_CLIPGRADNORMCHECK_H
