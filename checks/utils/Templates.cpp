//===--- Templates.cpp - Findings and fix-its in templates ----------------===//

#include "Templates.h"
#include "ASTWalk.h"
#include "Parents.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::torchsync {

namespace {

/// The function a lambda's body belongs to, past every enclosing lambda;
/// null for a lambda outside any function.
const FunctionDecl *outsideLambdas(const FunctionDecl *FD) {
  while (FD) {
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (!MD || !MD->getParent()->isLambda())
      return FD;
    FD = dyn_cast<FunctionDecl>(MD->getParent()->getDeclContext());
  }
  return nullptr;
}

TemplatePlace placeOfFunction(const FunctionDecl *FD) {
  const FunctionDecl *F = outsideLambdas(FD);
  if (!F)
    return {FD->isDependentContext() ? TemplatePlace::Other
                                     : TemplatePlace::Plain};
  if (F->isTemplateInstantiation()) {
    if (const FunctionDecl *W = F->getTemplateInstantiationPattern())
      return {TemplatePlace::Instantiation, F, W};
    return {TemplatePlace::Other};
  }
  if (F->isDependentContext())
    return {TemplatePlace::Pattern, F, F};
  return {TemplatePlace::Plain};
}

TemplatePlace placeOf(DynTypedNode Node, ASTContext &Ctx) {
  if (const auto *FD = Node.get<FunctionDecl>())
    return placeOfFunction(FD);
  for (unsigned Steps = 0; Steps < 1024; ++Steps) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return {};
    Node = Parents[0];
    if (const auto *FD = Node.get<FunctionDecl>())
      return placeOfFunction(FD);
    if (const auto *RD = Node.get<CXXRecordDecl>())
      if (isa<ClassTemplateSpecializationDecl>(RD) ||
          RD->getTemplateInstantiationPattern() || RD->isDependentContext())
        return {TemplatePlace::Other};
  }
  return {TemplatePlace::Other};
}

/// True when \p S, or a statement or declaration in it (lambdas included),
/// depends on a template parameter.
bool dependsOnTemplate(const Stmt *S) {
  struct Finder : ASTWalker {
    bool visitStmt(Stmt *S) override {
      const auto *E = dyn_cast<Expr>(S);
      return !E || !(E->isInstantiationDependent() ||
                     E->containsUnexpandedParameterPack());
    }
    bool visitDecl(Decl *D) override {
      const auto *VD = dyn_cast<ValueDecl>(D);
      return !VD || !VD->getType()->isInstantiationDependentType();
    }
  } Walker;
  return !Walker.walk(const_cast<Stmt *>(S));
}

/// The statement of \p Written's body that \p S was instantiated from: the
/// same kind of statement over the same source range.
const Stmt *counterpartIn(const FunctionDecl *Written, const Stmt *S) {
  struct Finder : ASTWalker {
    const Stmt *Target;
    const Stmt *Found = nullptr;
    explicit Finder(const Stmt *Target) : Target(Target) {}
    bool visitStmt(Stmt *S) override {
      if (S == Target || (S->getStmtClass() == Target->getStmtClass() &&
                          S->getBeginLoc() == Target->getBeginLoc() &&
                          S->getEndLoc() == Target->getEndLoc())) {
        Found = S;
        return false;
      }
      return true;
    }
  } Walker(S);
  Walker.walk(Written->getBody());
  return Walker.Found;
}

} // namespace

TemplatePlace templatePlaceOf(const Stmt *S, ASTContext &Ctx) {
  return placeOf(DynTypedNode::create(*S), Ctx);
}

namespace {
using Instantiations = llvm::SmallVector<const FunctionDecl *, 4>;

/// The instantiations of \p Written with a body (countInstantiations).
std::optional<Instantiations> instantiationsOf(const FunctionDecl *Written) {
  Instantiations Found;
  if (const FunctionTemplateDecl *FTD =
          Written->getDescribedFunctionTemplate()) {
    if (FTD->getInstantiatedFromMemberTemplate() ||
        Written->getDeclContext()->isDependentContext())
      return std::nullopt;
    for (const FunctionDecl *Spec : FTD->specializations())
      if (Spec->isTemplateInstantiation() && Spec->getBody())
        Found.push_back(Spec);
    return Found;
  }
  const auto *MD = dyn_cast<CXXMethodDecl>(Written);
  if (!MD || MD->getDescribedFunctionTemplate())
    return std::nullopt;
  const CXXRecordDecl *RD = MD->getParent();
  const ClassTemplateDecl *CTD = RD->getDescribedClassTemplate();
  if (!CTD || RD->getDeclContext()->isDependentContext())
    return std::nullopt;
  const Decl *Canonical = MD->getCanonicalDecl();
  for (const ClassTemplateSpecializationDecl *Spec : CTD->specializations())
    for (const Decl *D : Spec->decls())
      if (const auto *M = dyn_cast<CXXMethodDecl>(D))
        if (const FunctionDecl *From = M->getInstantiatedFromMemberFunction();
            From && From->getCanonicalDecl() == Canonical && M->getBody())
          Found.push_back(M);
  return Found;
}

/// The instantiation whose edits agreedInEveryInstantiation is computing:
/// templateAllowsEdit allows them while it does.
thread_local const FunctionDecl *Agreeing = nullptr;

/// True when \p A and \p B make the same edits.
bool sameEdits(llvm::ArrayRef<FixItHint> A, llvm::ArrayRef<FixItHint> B) {
  return llvm::equal(A, B, [](const FixItHint &X, const FixItHint &Y) {
    return X.RemoveRange.getAsRange() == Y.RemoveRange.getAsRange() &&
           X.RemoveRange.isTokenRange() == Y.RemoveRange.isTokenRange() &&
           X.InsertFromRange.getAsRange() == Y.InsertFromRange.getAsRange() &&
           X.CodeToInsert == Y.CodeToInsert &&
           X.BeforePreviousInsertions == Y.BeforePreviousInsertions;
  });
}
} // namespace

std::optional<unsigned> countInstantiations(const FunctionDecl *Written) {
  std::optional<Instantiations> All = instantiationsOf(Written);
  if (!All)
    return std::nullopt;
  return All->size();
}

llvm::SmallVector<FixItHint, 2> agreedInEveryInstantiation(
    const Stmt *S, ASTContext &Ctx,
    llvm::function_ref<llvm::SmallVector<FixItHint, 2>(const Stmt *)> Compute) {
  TemplatePlace P = templatePlaceOf(S, Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  if (P.K != TemplatePlace::Instantiation || Agreeing ||
      !SM.isInMainFile(SM.getExpansionLoc(P.Written->getLocation())))
    return {};
  std::optional<Instantiations> All = instantiationsOf(P.Written);
  if (!All || All->size() < 2)
    return {};
  std::optional<llvm::SmallVector<FixItHint, 2>> Common;
  for (const FunctionDecl *Inst : *All) {
    const Stmt *Here = Inst == P.Function ? S : counterpartIn(Inst, S);
    if (!Here)
      return {};
    Agreeing = Inst;
    llvm::SmallVector<FixItHint, 2> Fixes = Compute(Here);
    Agreeing = nullptr;
    if (Fixes.empty() || (Common && !sameEdits(*Common, Fixes)))
      return {};
    if (!Common)
      Common = std::move(Fixes);
  }
  return Common ? *Common : llvm::SmallVector<FixItHint, 2>();
}

llvm::SmallVector<FixItHint, 2> inEveryInstantiation(
    const Stmt *S, ASTContext &Ctx,
    llvm::function_ref<llvm::SmallVector<FixItHint, 2>(const Stmt *)> Compute) {
  llvm::SmallVector<FixItHint, 2> Fixes = Compute(S);
  TemplatePlace P = templatePlaceOf(S, Ctx);
  if (Fixes.empty() || P.K != TemplatePlace::Instantiation ||
      countInstantiations(P.Written).value_or(2) < 2)
    return Fixes;
  if (agreedInEveryInstantiation(S, Ctx, Compute).empty())
    return {};
  return Fixes;
}

bool templateAllowsEdit(const Stmt *S, ASTContext &Ctx) {
  TemplatePlace P = templatePlaceOf(S, Ctx);
  switch (P.K) {
  case TemplatePlace::Plain:
    return true;
  case TemplatePlace::Other:
    return false;
  case TemplatePlace::Pattern:
    return !dependsOnTemplate(S);
  case TemplatePlace::Instantiation:
    break;
  }
  if (Agreeing && P.Function == Agreeing)
    return true;
  if (const Stmt *Written = counterpartIn(P.Written, S);
      Written && !dependsOnTemplate(Written))
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.isInMainFile(SM.getExpansionLoc(P.Written->getLocation())) &&
         countInstantiations(P.Written) == 1u;
}

bool leftToInstantiations(const DynTypedNode &Node, ASTContext &Ctx) {
  TemplatePlace P = placeOf(Node, Ctx);
  return P.K == TemplatePlace::Pattern &&
         countInstantiations(P.Written).value_or(0) > 0;
}

bool isWrittenAsTemplateParameter(QualType T, const Stmt *Where,
                                  ASTContext &Ctx) {
  if (T.isNull())
    return false;
  if (T->isInstantiationDependentType())
    return true;
  TemplatePlace P = templatePlaceOf(Where, Ctx);
  if (P.K != TemplatePlace::Instantiation)
    return false;
  // The declarations whose parameters are the user's: the instantiated
  // function and the class template specializations around it.
  auto IsUsers = [&](const Decl *D) {
    for (const DeclContext *DC = P.Function; DC; DC = DC->getParent())
      if (D == Decl::castFromDeclContext(DC))
        return true;
    return false;
  };
  QualType Cur = T;
  for (unsigned Steps = 0; Steps < 64; ++Steps) {
    if (const auto *S = dyn_cast<SubstTemplateTypeParmType>(Cur.getTypePtr())) {
      if (IsUsers(S->getAssociatedDecl()))
        return true;
      Cur = S->getReplacementType();
      continue;
    }
    QualType Next = Cur.getSingleStepDesugaredType(Ctx);
    if (Next == Cur)
      return false;
    Cur = Next;
  }
  return true; // Too deep to tell: as if it were.
}

} // namespace clang::tidy::torchsync
