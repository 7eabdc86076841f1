//===--- CheckedLinalgCheck.h - torchsync-checked-linalg ---*- C++ -*-===//

#ifndef TORCHSYNC_CHECKEDLINALGCHECK_H
#define TORCHSYNC_CHECKEDLINALGCHECK_H

#include "utils/SyncContext.h"
#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::torchsync {

/// Finds error-checking linear algebra in hot code, whose error check reads
/// a status from the GPU, and suggests the _ex variants.
///
/// For the user-facing documentation see docs/checks/checked-linalg.md.
class CheckedLinalgCheck : public ClangTidyCheck {
public:
  CheckedLinalgCheck(StringRef Name, ClangTidyContext *Context);
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

#endif // TORCHSYNC_CHECKEDLINALGCHECK_H
