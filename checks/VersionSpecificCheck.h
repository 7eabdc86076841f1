//===--- VersionSpecificCheck.h - torchsync-version-specific ---*- C++ -*-===//

#ifndef TORCHSYNC_VERSIONSPECIFICCHECK_H
#define TORCHSYNC_VERSIONSPECIFICCHECK_H

#include "utils/TorchSyncCheck.h"

namespace clang::tidy::torchsync {

/// Finds syncs that exist only in some LibTorch versions, for the version
/// being parsed: multinomial without replacement, normal with a tensor std,
/// fill_ with a tensor, and accumulating index_put_ before 2.x.
///
/// For the user-facing documentation see docs/checks/version-specific.md.
class VersionSpecificCheck : public TorchSyncCheck {
public:
  VersionSpecificCheck(StringRef Name, ClangTidyContext *Context);
  void registerCheckMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_VERSIONSPECIFICCHECK_H
