//===--- CheckedLinalgCheck.h - torchsync-checked-linalg ---*- C++ -*-===//

#ifndef TORCHSYNC_CHECKEDLINALGCHECK_H
#define TORCHSYNC_CHECKEDLINALGCHECK_H

#include "utils/TorchSyncCheck.h"

namespace clang::tidy::torchsync {

/// Finds error-checking linear algebra in hot code, whose error check reads
/// a status from the GPU, and suggests the _ex variants.
///
/// For the user-facing documentation see docs/checks/checked-linalg.md.
class CheckedLinalgCheck : public TorchSyncCheck {
public:
  CheckedLinalgCheck(StringRef Name, ClangTidyContext *Context);
  void registerCheckMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_CHECKEDLINALGCHECK_H
