//===--- HostDataTensorCheck.h - torchsync-host-data-tensor ----*- C++ -*-===//

#ifndef TORCHSYNC_HOSTDATATENSORCHECK_H
#define TORCHSYNC_HOSTDATATENSORCHECK_H

#include "utils/TorchSyncCheck.h"

namespace clang::tidy::torchsync {

/// Finds tensors built from host data on a CUDA device in hot code:
/// torch::tensor and at::tensor of a list, vector or array with CUDA options.
///
/// The factory form is reported here; `.to(cuda)` / `.cuda()` of a CPU tensor
/// built from host data (`from_blob`, `torch::tensor` without a device) is
/// left to torchsync-blocking-transfer, so that each call gets one finding.
///
/// For the user-facing documentation see docs/checks/host-data-tensor.md.
class HostDataTensorCheck : public TorchSyncCheck {
public:
  HostDataTensorCheck(StringRef Name, ClangTidyContext *Context);
  void registerCheckMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_HOSTDATATENSORCHECK_H
