//===--- SyncContext.cpp - Per-check analysis state -----------------------===//

#include "SyncContext.h"

namespace clang::tidy::torchsync {

SyncContext::TUAnalyses &SyncContext::analyses(ASTContext &Ctx) {
  if (!State || State->Ctx != &Ctx)
    State = std::make_unique<TUAnalyses>(Ctx, Opts);
  return *State;
}

std::optional<HotReason> SyncContext::hotReason(const Stmt *S,
                                                ASTContext &Ctx) {
  if (std::optional<HotReason> R = analyses(Ctx).HotPaths.classify(S)) {
    // Reported wherever it is: no condition on the function's hotness.
    if (R->conditional() && Opts.ReportOutsideLoops)
      return HotReason{HotReason::Everywhere, SourceLocation(), "", ""};
    return R;
  }
  if (Opts.ReportOutsideLoops)
    return HotReason{HotReason::Everywhere, SourceLocation(), ""};
  return std::nullopt;
}

TorchVersion SyncContext::version() {
  if (!Version)
    Version = PP ? detectTorchVersion(*PP) : TorchVersion();
  return *Version;
}

} // namespace clang::tidy::torchsync
