//===--- BlockingTransferCheck.h - torchsync-blocking-transfer --*- C++ -*-===//

#ifndef TORCHSYNC_BLOCKINGTRANSFERCHECK_H
#define TORCHSYNC_BLOCKINGTRANSFERCHECK_H

#include "utils/PendingReads.h"
#include "utils/TorchSyncCheck.h"
#include "utils/Transfers.h"

namespace clang::tidy::torchsync {

/// Finds host-device copies that block the host in hot code: cpu(), cuda(),
/// to(device) and copy_() without non_blocking, and non_blocking copies from
/// pageable memory.
///
/// For the user-facing documentation see docs/checks/blocking-transfer.md.
class BlockingTransferCheck : public TorchSyncCheck {
public:
  BlockingTransferCheck(StringRef Name, ClangTidyContext *Context);
  void registerCheckMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  /// The condition under which \p T is a copy, for the message.
  std::string assumptionOf(const Transfer &T, const ASTContext &Ctx);
  /// `obs[i] = h`: a copy_ into a row or slice, spelled as an assignment.
  void checkAssignment(const CXXOperatorCallExpr *Assign, ASTContext &Ctx);

  /// Decides whether a download may become non_blocking: only where the
  /// host does not touch the result before something waits for the GPU.
  PendingReads Reads;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_BLOCKINGTRANSFERCHECK_H
