//===--- CpuIndexCheck.h - torchsync-cpu-index ------------------*- C++ -*-===//

#ifndef TORCHSYNC_CPUINDEXCHECK_H
#define TORCHSYNC_CPUINDEXCHECK_H

#include "utils/TorchSyncCheck.h"

namespace clang::tidy::torchsync {

/// Finds CUDA tensors indexed by CPU index tensors, and host operands that
/// force a blocking copy or a host read in index_put_, where, masked_fill_,
/// fill_, index_fill_, narrow and bernoulli_.
///
/// For the user-facing documentation see docs/checks/cpu-index.md.
class CpuIndexCheck : public TorchSyncCheck {
public:
  CpuIndexCheck(StringRef Name, ClangTidyContext *Context);
  void registerCheckMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_CPUINDEXCHECK_H
