//===--- VariableUses.cpp - Reads, writes and aliases of locals -----------===//

#include "VariableUses.h"
#include "ASTWalk.h"
#include "TorchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::torchsync {

namespace {

bool isTracked(const ValueDecl *D) {
  if (const auto *V = dyn_cast_or_null<VarDecl>(D))
    return V->isLocalVarDeclOrParm() && !V->isStaticLocal();
  return isa_and_nonnull<BindingDecl>(D);
}

/// The field that \p E names as `this->f` (spelled `f` or `this->f`), or
/// null: the members a class's own code writes (fieldUses()).
const FieldDecl *thisField(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E);
  if (!ME || !ME->isArrow())
    return nullptr;
  if (!isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  return dyn_cast<FieldDecl>(ME->getMemberDecl());
}

/// The variable an expression denotes as an object (not a copy of its
/// value): through parentheses, casts that keep the object, `std::move`,
/// the right side of a comma, and member fields (then only a part of it).
/// The object of a const member call is bound to a const `this`: with
/// \p ThroughConst that binding is looked through too (on `at::Tensor`
/// in-place methods are const).
struct Root {
  const ValueDecl *Var = nullptr;
  /// The `DeclRefExpr` of a local, or the `this->f` `MemberExpr` of a field.
  const Expr *Ref = nullptr;
  bool Whole = true;
  explicit operator bool() const { return Var; }
};

Root rootOf(const Expr *E, bool ThroughConst = false) {
  Root R;
  for (unsigned I = 0; E && I < 16; ++I) {
    E = E->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (!isTracked(DRE->getDecl()))
        return {};
      R.Var = DRE->getDecl();
      R.Ref = DRE;
      return R;
    }
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      CastKind K = Cast->getCastKind();
      bool KeepsObject =
          Cast->isGLValue() &&
          (K == CK_DerivedToBase || K == CK_UncheckedDerivedToBase ||
           K == CK_LValueBitCast ||
           (K == CK_NoOp &&
            (ThroughConst || !Cast->getType().isConstQualified() ||
             Cast->getSubExpr()->getType().isConstQualified())));
      if (!KeepsObject)
        return {};
      E = Cast->getSubExpr();
      continue;
    }
    if (const FieldDecl *F = thisField(E)) {
      R.Var = F;
      R.Ref = E;
      return R;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow() || !isa<FieldDecl>(ME->getMemberDecl()))
        return {};
      R.Whole = false;
      E = ME->getBase();
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->getOpcode() == BO_Comma) {
      E = BO->getRHS();
      continue;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      std::string Name = FD ? qualifiedName(FD) : "";
      if ((Name == "std::move" || Name == "std::forward") &&
          Call->getNumArgs() == 1) {
        E = Call->getArg(0);
        continue;
      }
      return {};
    }
    return {};
  }
  return {};
}

/// The parameter of the template that \p FD was instantiated from which
/// its parameter \p I comes from (a pack covers the rest), or null.
const ParmVarDecl *patternParam(const FunctionDecl *FD, unsigned I) {
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  if (!Pattern)
    return nullptr;
  unsigned J = 0;
  for (const ParmVarDecl *P : Pattern->parameters()) {
    if (P->isParameterPack() || J == I)
      return P;
    ++J;
  }
  return nullptr;
}

/// True when parameter \p I of \p FD is a forwarding reference (`U&&` of a
/// deduced template parameter).
bool isForwardingParam(const FunctionDecl *FD, unsigned I) {
  const ParmVarDecl *P = patternParam(FD, I);
  if (!P)
    return false;
  QualType T = P->getType();
  if (const auto *Pack = T->getAs<PackExpansionType>())
    T = Pack->getPattern();
  const auto *RT = T->getAs<RValueReferenceType>();
  return RT && !RT->getPointeeType().hasQualifiers() &&
         RT->getPointeeType()->getAs<TemplateTypeParmType>();
}

/// True when an object of type \p T may hold a reference to its
/// constructor's arguments: `std::tuple<Tensor &, ...>`
/// (`std::forward_as_tuple`), `std::reference_wrapper`, a pointer.
bool holdsReferences(QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    return true;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!Spec)
    return false;
  if (Spec->getName() == "reference_wrapper")
    return true;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray()) {
    auto Holds = [](const TemplateArgument &Arg) {
      return Arg.getKind() == TemplateArgument::Type &&
             (Arg.getAsType()->isPointerType() ||
              (Arg.getAsType()->isReferenceType() &&
               !Arg.getAsType().getNonReferenceType().isConstQualified()));
    };
    if (A.getKind() == TemplateArgument::Pack) {
      if (llvm::any_of(A.pack_elements(), Holds))
        return true;
    } else if (Holds(A)) {
      return true;
    }
  }
  return false;
}

bool isStdOrLibTorch(const Decl *D) {
  if (isInLibTorchNamespace(D))
    return true;
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (DC->isStdNamespace())
      return true;
  return false;
}

/// How binding the object \p Arg to parameter \p I of \p FD treats it;
/// \p Result is the type the call makes.
UseKind argumentUse(const FunctionDecl *FD, unsigned I, QualType Result) {
  if (!FD || I >= FD->getNumParams())
    return UseKind::Escape; // Through a pointer, or into a C varargs list.
  QualType PT = FD->getParamDecl(I)->getType();
  if (!PT->isReferenceType() || PT.getNonReferenceType().isConstQualified())
    return UseKind::Read; // A copy, or a const reference.
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (PT->isRValueReferenceType() &&
      ((MD && (MD->isMoveAssignmentOperator() ||
               (isa<CXXConstructorDecl>(MD) &&
                cast<CXXConstructorDecl>(MD)->isMoveConstructor()))) ||
       isStdOrLibTorch(FD)))
    return UseKind::Read; // Moved from: the variable is left empty.
  if (isForwardingParam(FD, I)) {
    // `std::optional<Tensor>(t)`, `std::make_tuple(t, u)`, a TensorIndex,
    // `v.emplace_back(t)`: forwarded into a copy. `std::forward_as_tuple`
    // keeps the references.
    if (holdsReferences(Result))
      return UseKind::Escape;
    if (isa<CXXConstructorDecl>(FD) || isStdOrLibTorch(FD))
      return UseKind::Read;
  }
  // ATen's in-place functions and `_out` variants (`at::index_put_(t, ...)`,
  // `at::add_out(out, a, b)`) write the tensor on its own device.
  if (isTensorType(PT) && isInLibTorchNamespace(FD))
    return UseKind::InPlace;
  // A non-const reference: `std::tie`, `std::swap`, an out-parameter.
  return UseKind::Escape;
}

/// Classifies every use of the tracked variables of one body.
class UseScanner : public ASTWalker {
public:
  explicit UseScanner(llvm::DenseMap<const ValueDecl *, VariableUses> &Vars)
      : Vars(Vars) {
    ImplicitCode = true; // Semantic lists.
  }

  bool enterTypeLoc(TypeLoc TL) override {
    return !TL.getAs<DecltypeTypeLoc>(); // Unevaluated.
  }
  bool enterStmt(Stmt *S) override {
    if (isa<UnaryExprOrTypeTraitExpr>(S))
      return false; // sizeof, alignof: unevaluated.
    if (auto *L = dyn_cast<LambdaExpr>(S))
      Lambdas.push_back(L);
    return true;
  }
  void leaveStmt(Stmt *S) override {
    if (isa<LambdaExpr>(S))
      Lambdas.pop_back();
  }

  bool visitDecl(Decl *D) override {
    if (auto *VD = dyn_cast<VarDecl>(D))
      return visitVarDecl(VD);
    return true;
  }

  bool visitStmt(Stmt *S) override {
    if (auto *DRE = dyn_cast<DeclRefExpr>(S))
      return visitDeclRefExpr(DRE);
    if (auto *ME = dyn_cast<MemberExpr>(S))
      return visitMemberExpr(ME);
    if (auto *L = dyn_cast<LambdaExpr>(S))
      return visitLambdaExpr(L);
    if (auto *Cast = dyn_cast<ImplicitCastExpr>(S))
      return visitImplicitCastExpr(Cast);
    if (auto *Cast = dyn_cast<ExplicitCastExpr>(S))
      return visitExplicitCastExpr(Cast);
    if (auto *UO = dyn_cast<UnaryOperator>(S))
      return visitUnaryOperator(UO);
    if (auto *BO = dyn_cast<BinaryOperator>(S))
      return visitBinaryOperator(BO);
    if (auto *Call = dyn_cast<CallExpr>(S))
      return visitCallExpr(Call);
    if (auto *CE = dyn_cast<CXXConstructExpr>(S))
      return visitCXXConstructExpr(CE);
    if (auto *FR = dyn_cast<CXXForRangeStmt>(S))
      return visitCXXForRangeStmt(FR);
    if (auto *RS = dyn_cast<ReturnStmt>(S))
      return visitReturnStmt(RS);
    return true;
  }

  bool visitDeclRefExpr(DeclRefExpr *DRE) {
    const ValueDecl *D = DRE->getDecl();
    if (!isTracked(D))
      return true;
    if (DRE->refersToEnclosingVariableOrCapture()) {
      Vars[D].InLambda = true;
      // Inside a lambda that captures it by copy, the name is the lambda's
      // own copy: nothing it does reaches the variable.
      for (const LambdaExpr *L : llvm::reverse(Lambdas)) {
        const LambdaCapture *C = captureOf(L, D);
        if (!C)
          continue;
        if (C->getCaptureKind() != LCK_ByRef)
          return true;
        break;
      }
    }
    Refs.push_back({DRE, D});
    return true;
  }

  bool visitMemberExpr(MemberExpr *ME) {
    if (const FieldDecl *F = thisField(ME))
      Refs.push_back({ME, F});
    return true;
  }

  bool visitLambdaExpr(LambdaExpr *L) {
    for (unsigned I = 0, N = L->capture_size(); I != N; ++I) {
      const LambdaCapture &C = L->capture_begin()[I];
      if (!C.capturesVariable() || L->isInitCapture(&C))
        continue;
      const ValueDecl *D = C.getCapturedVar();
      if (!isTracked(D))
        continue;
      Vars[D].InLambda = true;
      // The capture's own reference: a copy, or the reference the lambda
      // keeps (its uses in the body are classified where they are).
      if (Root R = rootOf(L->capture_init_begin()[I]))
        mark(R, UseKind::Read, nullptr, L);
      if (C.getCaptureKind() == LCK_ByRef)
        Vars[D].EscapePoints.push_back(L);
    }
    return true;
  }

  bool visitImplicitCastExpr(ImplicitCastExpr *Cast) {
    switch (Cast->getCastKind()) {
    case CK_LValueToRValue:
      mark(rootOf(Cast->getSubExpr()), UseKind::Read, nullptr, Cast);
      break;
    case CK_NoOp:
      // Binding to a const reference.
      if (Cast->getType().isConstQualified())
        mark(rootOf(Cast->getSubExpr()), UseKind::Read, nullptr, Cast);
      break;
    case CK_ArrayToPointerDecay: {
      QualType Pointee = Cast->getType()->getPointeeType();
      mark(rootOf(Cast->getSubExpr()),
           Pointee.isConstQualified() ? UseKind::Read : UseKind::Escape,
           nullptr, Cast);
      break;
    }
    default:
      break;
    }
    return true;
  }

  bool visitExplicitCastExpr(ExplicitCastExpr *Cast) {
    if (Cast->getType()->isVoidType()) // `(void)t;`
      mark(rootOf(Cast->getSubExpr()), UseKind::Read, nullptr, Cast);
    return true;
  }

  bool visitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      mark(rootOf(UO->getSubExpr()), UseKind::InPlace, nullptr, UO);
    else if (UO->getOpcode() == UO_AddrOf)
      mark(rootOf(UO->getSubExpr()), UseKind::Escape, nullptr, UO);
    return true;
  }

  bool visitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp()) {
      Root R = rootOf(BO->getLHS());
      if (BO->getOpcode() == BO_Assign && R.Whole)
        mark(R, UseKind::Assign, BO->getRHS(), BO);
      else
        mark(R, UseKind::InPlace, nullptr, BO);
    } else if (BO->getOpcode() == BO_Comma) {
      mark(rootOf(BO->getLHS()), UseKind::Read, nullptr, BO);
    }
    return true;
  }

  bool visitCallExpr(CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    std::string Name = FD ? qualifiedName(FD) : "";
    if (Name == "std::move" || Name == "std::forward")
      return true; // The use is where the result goes.
    llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
    unsigned FirstParamArg = 0;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
      if (ME && !ME->isArrow())
        methodUse(rootOf(ME->getBase(), /*ThroughConst=*/true),
                  MC->getMethodDecl(), Args, Call);
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
               OC && isa_and_nonnull<CXXMethodDecl>(FD) && !Args.empty()) {
      methodUse(rootOf(Args[0], /*ThroughConst=*/true), cast<CXXMethodDecl>(FD),
                Args.drop_front(), Call);
      FirstParamArg = 1;
    }
    for (unsigned I = FirstParamArg; I < Args.size(); ++I)
      if (Root R = rootOf(Args[I])) {
        unsigned Param = I - FirstParamArg;
        UseKind K = argumentUse(FD, Param, Call->getType());
        mark(R, K, nullptr, Call);
        // An out-parameter: the callee's writes may be followed.
        if (K == UseKind::Escape && R.Whole && FD &&
            Param < FD->getNumParams() &&
            FD->getParamDecl(Param)->getType()->isLValueReferenceType())
          Vars[R.Var].OutArgs.push_back({Call, Param, R.Ref});
      }
    return true;
  }

  bool visitCXXConstructExpr(CXXConstructExpr *CE) {
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      if (Root R = rootOf(CE->getArg(I)))
        mark(R, argumentUse(CE->getConstructor(), I, CE->getType()), nullptr,
             CE);
    return true;
  }

  bool visitVarDecl(VarDecl *VD) {
    if (VD->isImplicit() || !VD->getType()->isReferenceType() || !VD->getInit())
      return true;
    const Expr *Init = VD->getInit()->IgnoreParens();
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Init);
        Cast && Cast->getCastKind() == CK_NoOp)
      Init = Cast->getSubExpr();
    Root R = rootOf(Init);
    if (!R)
      return true;
    if (VD->getType().getNonReferenceType().isConstQualified())
      Aliases.push_back({VD, R.Var}); // Followed below: `c.set_(d)`.
    else
      mark(R, UseKind::Escape, nullptr, VD->getInit());
    return true;
  }

  bool visitCXXForRangeStmt(CXXForRangeStmt *FR) {
    QualType Elem = FR->getLoopVariable()->getType();
    bool Writes = Elem->isReferenceType() &&
                  !Elem.getNonReferenceType().isConstQualified();
    mark(rootOf(FR->getRangeInit()), Writes ? UseKind::InPlace : UseKind::Read,
         nullptr, FR);
    return true;
  }

  bool visitReturnStmt(ReturnStmt *RS) {
    const Expr *E = RS->getRetValue();
    if (!E)
      return true;
    Root R = rootOf(E);
    // A member returned by non-const reference (`Tensor &t() { return t_; }`)
    // may be written by the caller. (A local returned so would dangle.)
    bool HandsOut = R && isa<FieldDecl>(R.Var) && E->isGLValue() &&
                    !E->getType().isConstQualified();
    mark(R, HandsOut ? UseKind::Escape : UseKind::Read, nullptr, RS);
    return true;
  }

  /// Anything not classified above may write the variable; const aliases
  /// pass on what is done through them.
  void finish() {
    for (const auto &[Ref, Var] : Refs)
      if (!Marked.contains(Ref)) {
        VariableUses &U = Vars[Var];
        U.Escapes = true;
        U.Writes.push_back(Ref);
        U.EscapePoints.push_back(Ref);
      }
    for (const auto &[Alias, Var] : llvm::reverse(Aliases)) {
      auto It = Vars.find(Alias);
      if (It == Vars.end())
        continue;
      VariableUses From = It->second;
      VariableUses &To = Vars[Var];
      To.Assigned.append(From.Assigned);
      To.AssignedAt.append(From.AssignedAt);
      To.InPlace.append(From.InPlace);
      To.Writes.append(From.Writes);
      To.EscapePoints.append(From.EscapePoints);
      To.Escapes |= From.Escapes;
      To.InLambda |= From.InLambda;
    }
  }

private:
  static const LambdaCapture *captureOf(const LambdaExpr *L,
                                        const ValueDecl *D) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCapturedVar() == D)
        return &C;
    return nullptr;
  }

  /// A method called on the variable \p R.
  void methodUse(Root R, const CXXMethodDecl *MD,
                 llvm::ArrayRef<const Expr *> Args, const Expr *Call) {
    if (!R || !MD)
      return;
    bool Assignment = MD->isCopyAssignmentOperator() ||
                      MD->isMoveAssignmentOperator() ||
                      MD->getOverloadedOperator() == OO_Equal;
    if (Assignment) {
      if (R.Whole && Args.size() == 1)
        mark(R, UseKind::Assign, Args[0], Call);
      else
        mark(R, UseKind::InPlace, nullptr, Call);
      return;
    }
    if (isTensorType(R.Ref->getType()) && isTensorMethod(MD)) {
      // `t += 1` is an operator; `t[i]` a const one.
      UseKind K = !MD->getDeclName().isIdentifier()
                      ? (MD->isConst() ? UseKind::Read : UseKind::InPlace)
                      : tensorMethodUse(MD->getName());
      if (K == UseKind::Assign) { // set_
        bool TensorSource =
            Args.size() == 1 && isTensorType(Args[0]->getType());
        mark(R, TensorSource && R.Whole ? UseKind::Assign : UseKind::Escape,
             TensorSource ? Args[0] : nullptr, Call);
        return;
      }
      if (K == UseKind::Read && !MD->isConst() &&
          MD->getDeclName().isIdentifier())
        K = UseKind::Escape; // `t.reset()` and other non-const members.
      mark(R, K, nullptr, Call);
      return;
    }
    if (MD->isConst()) {
      mark(R, UseKind::Read, nullptr, Call);
      return;
    }
    // `v.push_back(x)`, `v.clear()`: changed in place; a method that hands
    // out a reference or pointer (`v[0]`, `v.data()`) lets it change later.
    QualType Ret = MD->getReturnType();
    mark(R,
         Ret->isPointerType() || (Ret->isReferenceType() &&
                                  !Ret.getNonReferenceType().isConstQualified())
             ? UseKind::Escape
             : UseKind::InPlace,
         nullptr, Call);
  }

  void mark(Root R, UseKind K, const Expr *Value, const Stmt *Site) {
    if (!R)
      return;
    Marked.insert(R.Ref);
    VariableUses &U = Vars[R.Var];
    switch (K) {
    case UseKind::Read:
      return;
    case UseKind::Assign:
      U.Assigned.push_back(Value);
      U.AssignedAt.push_back(Site);
      break;
    case UseKind::InPlace:
      if (const auto *E = dyn_cast_or_null<Expr>(Site))
        U.InPlace.push_back(E);
      break;
    case UseKind::Escape:
      U.Escapes = true;
      U.EscapePoints.push_back(R.Ref);
      break;
    }
    U.Writes.push_back(R.Ref);
  }

  llvm::DenseMap<const ValueDecl *, VariableUses> &Vars;
  llvm::SmallVector<const LambdaExpr *, 2> Lambdas;
  llvm::SmallVector<std::pair<const Expr *, const ValueDecl *>, 32> Refs;
  llvm::DenseSet<const Expr *> Marked;
  llvm::SmallVector<std::pair<const VarDecl *, const ValueDecl *>, 2> Aliases;
};

} // namespace

UseKind tensorMethodUse(StringRef Name) {
  if (Name == "set_")
    return UseKind::Assign;
  if (Name.ends_with("_") && !Name.starts_with("_"))
    return UseKind::InPlace;
  return UseKind::Read;
}

/// True when \p S lies inside \p Region, in the file as written.
static bool isInside(const Stmt *S, const Stmt *Region, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange R = Region->getSourceRange();
  SourceLocation L = SM.getExpansionLoc(S->getBeginLoc());
  return !SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(R.getBegin())) &&
         !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(R.getEnd()), L);
}

bool VariableUses::writtenIn(const Stmt *Region, const ASTContext &Ctx) const {
  return llvm::any_of(Writes,
                      [&](const Expr *W) { return isInside(W, Region, Ctx); });
}

bool VariableUses::assignedIn(const Stmt *Region, const ASTContext &Ctx) const {
  return llvm::any_of(Assigned,
                      [&](const Expr *V) { return isInside(V, Region, Ctx); });
}

bool VariableUses::escapesAt(const Stmt *S) const {
  return llvm::is_contained(EscapePoints, S);
}

FunctionUses::FunctionUses(const Stmt *Body, ASTContext &Ctx) {
  (void)Ctx;
  UseScanner Scanner(Vars);
  Scanner.walk(const_cast<Stmt *>(Body));
  Scanner.finish();
}

const VariableUses &FunctionUses::of(const ValueDecl *V) const {
  static const VariableUses None;
  auto It = Vars.find(V);
  return It == Vars.end() ? None : It->second;
}

const Stmt *declaringBody(const ValueDecl *V) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(V->getDeclContext());
  return FD ? FD->getBody() : nullptr;
}

const VariableUses *UseIndex::of(const ValueDecl *V) {
  const Stmt *Body = V && isTracked(V) ? declaringBody(V) : nullptr;
  return Body ? &body(Body).of(V) : nullptr;
}

const FunctionUses &UseIndex::body(const Stmt *Body) {
  std::unique_ptr<FunctionUses> &Slot = Bodies[Body];
  if (!Slot)
    Slot = std::make_unique<FunctionUses>(Body, Ctx);
  return *Slot;
}

const ValueDecl *assignedVariable(const Stmt *S, const Expr **Value) {
  const Expr *LHS = nullptr, *RHS = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->getOpcode() == BO_Assign) {
    LHS = BO->getLHS();
    RHS = BO->getRHS();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S);
             OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
    LHS = OC->getArg(0);
    RHS = OC->getArg(1);
  }
  Root R = LHS ? rootOf(LHS) : Root();
  if (!R || !R.Whole)
    return nullptr;
  if (Value)
    *Value = RHS;
  return R.Var;
}

RegionUses scanUses(const VarDecl *V, const Stmt *Region, const Stmt *Body,
                    ASTContext &Ctx) {
  FunctionUses Uses(Body, Ctx);
  const VariableUses &U = Uses.of(V);
  return {U.writtenIn(Region, Ctx), U.Escapes || U.InLambda};
}

} // namespace clang::tidy::torchsync
