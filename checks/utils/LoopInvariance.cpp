//===--- LoopInvariance.cpp - Values that stay the same in a loop -*- C++
//-*-===//

#include "LoopInvariance.h"
#include "Parents.h"
#include "TorchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::torchsync {

bool Invariance::value(const Expr *E, unsigned Depth) {
  if (!E || Depth > 16)
    return false;
  E = E->IgnoreParenImpCasts();
  if (E->isValueDependent() || E->isTypeDependent())
    return false;
  if (E->isEvaluatable(Ctx))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus ||
            UO->getOpcode() == UO_LNot || UO->getOpcode() == UO_Not) &&
           value(UO->getSubExpr(), Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
           value(BO->getLHS(), Depth + 1) && value(BO->getRHS(), Depth + 1);
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
    return Cast->getType()->isArithmeticType() &&
           value(Cast->getSubExpr(), Depth + 1);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return true;
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return variable(V, Depth);
  }
  return false;
}

/// A TensorOptions / Device / DeviceType expression.
bool Invariance::options(const Expr *E, unsigned Depth) {
  if (!E || Depth > 16)
    return false;
  E = E->IgnoreParenImpCasts();
  if (isa<CXXDefaultArgExpr>(E))
    return true;
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return options(M->getSubExpr(), Depth + 1);
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return options(B->getSubExpr(), Depth + 1);
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
    return options(F->getSubExpr(), Depth + 1);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    // TensorOptions, Device, and the optional<ScalarType> of `dtype(...)`
    // (std::optional since 2.x).
    return (isInLibTorchNamespace(CE->getConstructor()) ||
            isClassType(CE->getType(), "std::optional")) &&
           llvm::all_of(CE->arguments(),
                        [&](const Expr *A) { return options(A, Depth + 1); });
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return value(CO->getCond(), Depth + 1) &&
           options(CO->getTrueExpr(), Depth + 1) &&
           options(CO->getFalseExpr(), Depth + 1);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !isInLibTorchNamespace(FD))
      return false;
    if (const Expr *Recv = receiverOf(Call)) {
      // `opts.dtype(...)`: a TensorOptions method; never tensor metadata,
      // which follows a tensor that may change.
      if (isTensorType(Recv->getType()) || !options(Recv, Depth + 1))
        return false;
    }
    return llvm::all_of(userArgs(Call),
                        [&](const Expr *A) { return options(A, Depth + 1); });
  }
  return value(E, Depth);
}

/// A vector, array or ArrayRef of host values.
bool Invariance::array(const Expr *E) {
  E = ignoreArrayConversion(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return variable(V, 0);
  return false;
}

const Expr *Invariance::ignoreArrayConversion(const Expr *E) {
  for (unsigned I = 0; I < 8; ++I) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E)) {
      E = F->getSubExpr();
      continue;
    }
    const auto *CE = dyn_cast<CXXConstructExpr>(E);
    if (CE && CE->getNumArgs() == 1 &&
        (isClassType(CE->getType(), "c10::ArrayRef") ||
         CE->getConstructor()->isCopyOrMoveConstructor())) {
      E = CE->getArg(0);
      continue;
    }
    break;
  }
  return E;
}

bool Invariance::declaredInLoop(const VarDecl *V) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange R = Loop->getSourceRange();
  SourceLocation L = SM.getExpansionLoc(V->getLocation());
  return !SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(R.getBegin())) &&
         !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(R.getEnd()), L);
}

bool Invariance::variable(const VarDecl *V, unsigned Depth) {
  QualType T = V->getType();
  if (T->isReferenceType() || T.isVolatileQualified())
    return false;
  bool Const = T.isConstQualified();
  if (!Loop || declaredInLoop(V)) {
    // Made anew on each run: the same only when it is const and its
    // initializer is the same every time.
    if (!Const || isa<ParmVarDecl>(V) || !V->getInit())
      return false;
    return T->isArithmeticType() || T->isEnumeralType()
               ? value(V->getInit(), Depth + 1)
               : options(V->getInit(), Depth + 1);
  }
  if (Const)
    return true;
  // A variable declared before the loop: it must not be written in the
  // loop, nor reachable through an alias or a lambda capture anywhere.
  if (!V->isLocalVarDeclOrParm() || V->isStaticLocal() || !Owner ||
      !Owner->getBody())
    return false;
  RegionUses Uses = scanUses(V, Loop, Owner->getBody(), Ctx);
  return !Uses.WrittenInRegion && !Uses.Aliased;
}

/// The innermost loop around \p S in its own function or lambda, and that
/// function or lambda's declaration.
std::pair<const Stmt *, const Decl *> enclosingLoop(const Stmt *S,
                                                    ASTContext &Ctx) {
  const Stmt *Loop = nullptr;
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Steps = 0; Steps < 1024; ++Steps) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      break;
    Node = Parents[0];
    if (const auto *FD = Node.get<FunctionDecl>())
      return {Loop, FD};
    if (const auto *LE = Node.get<LambdaExpr>())
      return {Loop, LE->getCallOperator()};
    if (const auto *St = Node.get<Stmt>();
        !Loop && St && isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(St))
      Loop = St;
  }
  return {Loop, nullptr};
}

/// True when \p E takes a remainder: `a % b`, or `%` of a class type.
static bool takesRemainder(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return BO->getOpcode() == BO_Rem;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    return OC->getOperator() == OO_Percent;
  return false;
}

namespace {
enum class Branch { None, Then, Else };
} // namespace

/// The branch of an `if` on \p Cond that runs once every N iterations:
/// Then for `i % N == k` (also as one operand of `&&`), Else for
/// `i % N != k`, the other one under `!`.
static Branch periodicBranch(const Expr *Cond, unsigned Depth = 0) {
  if (!Cond || Depth > 8)
    return Branch::None;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot) {
    Branch B = periodicBranch(UO->getSubExpr(), Depth + 1);
    return B == Branch::Then   ? Branch::Else
           : B == Branch::Else ? Branch::Then
                               : Branch::None;
  }
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO)
    return Branch::None;
  if (BO->getOpcode() == BO_LAnd)
    return periodicBranch(BO->getLHS(), Depth + 1) == Branch::Then ||
                   periodicBranch(BO->getRHS(), Depth + 1) == Branch::Then
               ? Branch::Then
               : Branch::None;
  if (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE)
    return Branch::None;
  if (!takesRemainder(BO->getLHS()) && !takesRemainder(BO->getRHS()))
    return Branch::None;
  return BO->getOpcode() == BO_EQ ? Branch::Then : Branch::Else;
}

bool isUnderPeriodicTest(const Stmt *S, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Steps = 0; Steps < 1024; ++Steps) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return false;
    const Stmt *Child = Node.get<Stmt>();
    Node = Parents[0];
    if (Node.get<FunctionDecl>() || Node.get<LambdaExpr>())
      return false;
    const auto *St = Node.get<Stmt>();
    if (!St) // A declaration of the statement's variable, say.
      continue;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(St))
      return false;
    if (const auto *If = dyn_cast<IfStmt>(St); If && Child) {
      Branch B = periodicBranch(If->getCond());
      if ((B == Branch::Then && Child == If->getThen()) ||
          (B == Branch::Else && Child == If->getElse()))
        return true;
    }
  }
  return false;
}

} // namespace clang::tidy::torchsync
