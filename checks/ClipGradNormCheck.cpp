//===--- ClipGradNormCheck.cpp - torchsync-clip-grad-norm ---===//

#include "ClipGradNormCheck.h"
#include "utils/FixIts.h"
#include "utils/TorchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";

ClipGradNormCheck::ClipGradNormCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Sync(Options) {}

void ClipGradNormCheck::registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                                     Preprocessor *) {
  Sync.startTranslationUnit(PP);
}

void ClipGradNormCheck::registerMatchers(MatchFinder *Finder) {
  // FIXME: write the matchers (cheap, by canonical name), each preceded by a
  // comment showing the source shape it matches.
  (void)Finder;
}

void ClipGradNormCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  if (!Call)
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Call, *Result.Context);
  if (!Hot)
    return;
  diag(Call->getExprLoc(), "FIXME: describe the sync");
  Sync.noteHotReason(*this, *Hot);
}

void ClipGradNormCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Sync.store(Options, Opts);
}

} // namespace clang::tidy::torchsync
