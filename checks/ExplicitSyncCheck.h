//===--- ExplicitSyncCheck.h - torchsync-explicit-sync ----------*- C++ -*-===//

#ifndef TORCHSYNC_EXPLICITSYNCCHECK_H
#define TORCHSYNC_EXPLICITSYNCCHECK_H

#include "utils/SyncContext.h"
#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::torchsync {

/// Finds explicit waits for the GPU in hot code: device, stream and event
/// synchronize, raw CUDA synchronize and blocking cudaMemcpy calls, and
/// emptyCache.
///
/// For the user-facing documentation see docs/checks/explicit-sync.md.
class ExplicitSyncCheck : public ClangTidyCheck {
public:
  ExplicitSyncCheck(StringRef Name, ClangTidyContext *Context);
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

#endif // TORCHSYNC_EXPLICITSYNCCHECK_H
