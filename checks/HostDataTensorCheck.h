//===--- HostDataTensorCheck.h - torchsync-host-data-tensor ---*- C++ -*-===//

#ifndef TORCHSYNC_HOSTDATATENSORCHECK_H
#define TORCHSYNC_HOSTDATATENSORCHECK_H

#include "utils/SyncContext.h"
#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::torchsync {

/// Finds tensors built from host data on a CUDA device in hot code: 
/// torch::tensor of a list or vector with CUDA options, and 
/// from_blob(...).to(cuda).
///
/// For the user-facing documentation see docs/checks/host-data-tensor.md.
class HostDataTensorCheck : public ClangTidyCheck {
public:
  HostDataTensorCheck(StringRef Name, ClangTidyContext *Context);
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

#endif // TORCHSYNC_HOSTDATATENSORCHECK_H
