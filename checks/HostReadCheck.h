//===--- HostReadCheck.h - torchsync-host-read ------------------*- C++ -*-===//

#ifndef TORCHSYNC_HOSTREADCHECK_H
#define TORCHSYNC_HOSTREADCHECK_H

#include "utils/SyncContext.h"
#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::torchsync {

/// Finds reads of CUDA tensor values on the host in hot code: item(),
/// is_nonzero(), equal(), allclose(), printing, 0-dim tensor indices and
/// torch::save.
///
/// For the user-facing documentation see docs/checks/host-read.md.
class HostReadCheck : public ClangTidyCheck {
public:
  HostReadCheck(StringRef Name, ClangTidyContext *Context);
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
  /// When sync-control-flow runs too, host reads in conditions are its
  /// findings, not ours: one finding per call.
  const bool ControlFlowCheckEnabled;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_HOSTREADCHECK_H
