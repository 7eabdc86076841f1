//===--- ExplicitSyncCheck.cpp - torchsync-explicit-sync ---===//

#include "ExplicitSyncCheck.h"
#include "utils/FixIts.h"
#include "utils/TorchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";

ExplicitSyncCheck::ExplicitSyncCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Sync(Options) {}

void ExplicitSyncCheck::registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                                     Preprocessor *) {
  Sync.startTranslationUnit(PP);
}

void ExplicitSyncCheck::registerMatchers(MatchFinder *Finder) {
  // FIXME: write the matchers (cheap, by canonical name), each preceded by a
  // comment showing the source shape it matches.
  (void)Finder;
}

void ExplicitSyncCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  if (!Call)
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Call, *Result.Context);
  if (!Hot)
    return;
  diag(Call->getExprLoc(), "FIXME: describe the sync");
  Sync.noteHotReason(*this, *Hot);
}

void ExplicitSyncCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Sync.store(Options, Opts);
}

} // namespace clang::tidy::torchsync
