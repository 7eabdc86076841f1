//===--- HiddenHostReadCheck.h - torchsync-hidden-host-read -*- C++ -*-===//

#ifndef TORCHSYNC_HIDDENHOSTREADCHECK_H
#define TORCHSYNC_HIDDENHOSTREADCHECK_H

#include "utils/TorchSyncCheck.h"

namespace clang::tidy::torchsync {

/// Finds LibTorch ops that read a CUDA tensor value on the host inside
/// their implementation: searchsorted with a sorter, segment_reduce with
/// lengths, cross_entropy with class weights and label smoothing, linspace
/// and logspace with tensor endpoints, mode, and LBFGS::step.
///
/// For the user-facing documentation see docs/checks/hidden-host-read.md.
class HiddenHostReadCheck : public TorchSyncCheck {
public:
  HiddenHostReadCheck(StringRef Name, ClangTidyContext *Context);
  void registerCheckMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_HIDDENHOSTREADCHECK_H
