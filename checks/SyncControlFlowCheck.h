//===--- SyncControlFlowCheck.h - torchsync-sync-control-flow ---*- C++ -*-===//

#ifndef TORCHSYNC_SYNCCONTROLFLOWCHECK_H
#define TORCHSYNC_SYNCCONTROLFLOWCHECK_H

#include "utils/SyncContext.h"
#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::torchsync {

/// Finds branches, loop conditions and checks whose condition reads a CUDA
/// tensor value on the host.
///
/// For the user-facing documentation see docs/checks/sync-control-flow.md.
class SyncControlFlowCheck : public ClangTidyCheck {
public:
  SyncControlFlowCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus17;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  SyncContext Sync;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_SYNCCONTROLFLOWCHECK_H
