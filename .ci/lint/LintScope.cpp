//===--- LintScope.cpp - The project's own lint, on its own code ----------===//
//
// Part of torchsync's CI (.ci/style.sh), not of the product: a clang-tidy-19
// plugin with one check, `lint-scope`, that limits what every enabled check
// traverses to the top-level declarations of the main file and of the files
// that -header-filter names, as the torchsync driver does for user code.
// Stock clang-tidy traverses everything the translation unit includes (here
// the whole of clang's and LLVM's headers) and only then drops what it found
// outside -header-filter; readability-identifier-naming alone spent 6-8 s a
// file there. Nothing is lost: a finding outside the named files is dropped
// either way, and a declaration of ours brings what it contains.
//
// How: clang-tidy's checks run from one MatchFinder, which matches the
// TranslationUnitDecl before it reads the AST's traversal scope to visit the
// rest. This check matches that node and sets the scope there.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang-tidy/readability/IdentifierNamingCheck.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Regex.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace {

/// Sets the traversal scope to the top-level declarations of the main file
/// and of the files that \p Filter (clang-tidy's -header-filter) matches.
void limitScope(ASTContext &Ctx, llvm::StringRef Filter) {
  std::vector<Decl *> Current = Ctx.getTraversalScope();
  if (Current.size() != 1 || !isa<TranslationUnitDecl>(Current.front()))
    return; // already limited
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::Regex Ours(Filter);
  llvm::DenseMap<FileID, bool> Files;
  std::vector<Decl *> Scope;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceLocation Loc = SM.getExpansionLoc(D->getLocation());
    if (Loc.isInvalid()) {
      Scope.push_back(D);
      continue;
    }
    FileID File = SM.getFileID(Loc);
    auto [It, Inserted] = Files.try_emplace(File, false);
    if (Inserted)
      It->second = File == SM.getMainFileID() ||
                   (!Filter.empty() && Ours.match(SM.getFilename(Loc)));
    if (It->second)
      Scope.push_back(D);
  }
  Ctx.setTraversalScope(Scope);
}

std::string headerFilter(tidy::ClangTidyContext *Context) {
  return Context->getOptions().HeaderFilterRegex.value_or("");
}

/// `lint-scope`: sets the scope when the matchers meet the translation unit,
/// before they visit what it contains.
class LintScopeCheck : public tidy::ClangTidyCheck {
public:
  LintScopeCheck(StringRef Name, tidy::ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Filter(headerFilter(Context)) {}

  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(translationUnitDecl(), this);
  }

  void check(const MatchFinder::MatchResult &Result) override {
    limitScope(*Result.Context, Filter);
  }

private:
  std::string Filter;
};

/// readability-identifier-naming in the same scope, under its own name (so
/// its options and NOLINT comments keep theirs): this module's factory for
/// that name replaces clang-tidy's, since plugins register their modules
/// after clang-tidy's own and a later factory for a name wins. The check
/// walks the whole AST from its callback on the translation unit, which may
/// run before lint-scope's (clang-tidy creates checks in no fixed order), so
/// this wrapper sets the scope first itself. Were the replacement ever not
/// to happen, clang-tidy's check would run as before: slower, same findings.
class ScopedNamingCheck : public tidy::ClangTidyCheck {
public:
  ScopedNamingCheck(StringRef Name, tidy::ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Filter(headerFilter(Context)),
        Inner(Name, Context) {}

  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return Inner.isLanguageVersionSupported(LangOpts);
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override {
    Inner.registerPPCallbacks(SM, PP, ModuleExpanderPP);
  }
  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(translationUnitDecl(), this);
  }
  void check(const MatchFinder::MatchResult &Result) override {
    limitScope(*Result.Context, Filter);
    Inner.check(Result);
  }
  void onEndOfTranslationUnit() override { Inner.onEndOfTranslationUnit(); }
  void storeOptions(tidy::ClangTidyOptions::OptionMap &Options) override {
    Inner.storeOptions(Options);
  }

private:
  std::string Filter;
  tidy::readability::IdentifierNamingCheck Inner;
};

class LintScopeModule : public tidy::ClangTidyModule {
public:
  void addCheckFactories(tidy::ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<LintScopeCheck>("lint-scope");
    Factories.registerCheck<ScopedNamingCheck>("readability-identifier-naming");
  }
};

} // namespace

static tidy::ClangTidyModuleRegistry::Add<LintScopeModule>
    X("lint-scope-module", "Limits the project's own lint to its own code.");
