//===--- HostDataTensorCheck.cpp - torchsync-host-data-tensor -------------===//
//
// torch::tensor of a braced list, vector or ArrayRef builds the tensor on the
// CPU, fills it on the host, then moves it with a blocking `.to(device)`
// (TensorDataContainer::convert_to_tensor); at::tensor does the same
// (at::detail::tensor_backend). On a CUDA device the move ends in
// c10::cuda::memcpy_and_sync (catalog C6). torch::tensor of one scalar goes
// through at::scalar_tensor instead and fills on the device (C7, no sync).
//
// Ownership: `.to(cuda)` / `.cuda()` of a CPU tensor made from host data
// (`torch::from_blob(...).to(cuda)`, `torch::tensor({...}).cuda()`) is a
// blocking H2D copy that torchsync-blocking-transfer reports; this check
// reports only the factory called with CUDA options, so each call gets one
// finding.
//
//===----------------------------------------------------------------------===//

#include "HostDataTensorCheck.h"
#include "utils/FixIts.h"
#include "utils/TorchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";

HostDataTensorCheck::HostDataTensorCheck(StringRef Name,
                                         ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Sync(Options) {}

void HostDataTensorCheck::registerPPCallbacks(const SourceManager &,
                                              Preprocessor *PP,
                                              Preprocessor *) {
  Sync.startTranslationUnit(PP);
}

void HostDataTensorCheck::registerMatchers(MatchFinder *Finder) {
  // torch::tensor({1, 2, 3}, torch::kCUDA), torch::tensor(vec, opts),
  // at::tensor({1.0, 2.0}, opts), at::tensor(values_ref, opts)
  Finder->addMatcher(callExpr(callee(functionDecl(hasAnyName("::torch::tensor",
                                                             "::at::tensor"))),
                              unless(isExpansionInSystemHeader()))
                         .bind(CallId),
                     this);
}

namespace {
/// What the data argument of a tensor factory is.
enum class DataKind {
  None,     ///< Nothing to report: a scalar (C7), `{}`, or not understood.
  InitList, ///< A braced list, possibly nested.
  Array,    ///< A std::vector or ArrayRef of host values.
  Value     ///< One value passed to at::tensor (a 1-element 1-D tensor).
};

struct HostData {
  DataKind Kind = DataKind::None;
  /// The whole data argument as written (`{1, 2}`, `vec`, `2.0`).
  const Expr *Arg = nullptr;
  /// The braced list (InitList).
  const InitListExpr *List = nullptr;
  /// The vector or ArrayRef expression (Array), or the value (Value).
  const Expr *Data = nullptr;
  /// For a list of exactly one scalar: that scalar as written, and the type
  /// that picked its TensorDataContainer constructor (torch::tensor) or the
  /// list's element type (at::tensor).
  const Expr *Single = nullptr;
  QualType SingleType;
};

/// For an element of a torch::tensor braced list, `TensorDataContainer(v)`:
/// the constructor that takes one arithmetic value, or null.
const CXXConstructExpr *scalarContainer(const Expr *E) {
  const auto *CE = dyn_cast<CXXConstructExpr>(E->IgnoreImplicit());
  if (!CE || CE->getNumArgs() != 1 || CE->getConstructor()->getNumParams() != 1)
    return nullptr;
  QualType PT = CE->getConstructor()->getParamDecl(0)->getType();
  return PT->isArithmeticType() ? CE : nullptr;
}

/// The braced list behind an `std::initializer_list` argument.
const InitListExpr *listOf(const Expr *E) {
  E = E->IgnoreImplicit();
  if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(E))
    return dyn_cast<InitListExpr>(SIL->getSubExpr()->IgnoreImplicit());
  return nullptr;
}

/// Classifies the first argument of `torch::tensor`: a
/// `torch::detail::TensorDataContainer` built from a scalar, a braced list,
/// an ArrayRef or a std::vector.
HostData torchTensorData(const Expr *Arg) {
  HostData D;
  D.Arg = Arg;
  const auto *CE = dyn_cast<CXXConstructExpr>(Arg->IgnoreImplicit());
  if (!CE || CE->getNumArgs() != 1 || CE->getConstructor()->getNumParams() != 1)
    return D; // `{}` (an empty tensor: nothing to copy), or unknown.
  QualType PT = CE->getConstructor()
                    ->getParamDecl(0)
                    ->getType()
                    .getNonReferenceType()
                    .getUnqualifiedType();
  if (PT->isArithmeticType())
    return D; // One scalar: at::scalar_tensor on the device (C7).
  if (const InitListExpr *IL = listOf(CE->getArg(0))) {
    D.Kind = DataKind::InitList;
    D.List = IL;
    if (IL->getNumInits() == 1)
      if (const CXXConstructExpr *Elem = scalarContainer(IL->getInit(0))) {
        D.Single = Elem->getArg(0);
        D.SingleType = Elem->getConstructor()->getParamDecl(0)->getType();
      }
    return D;
  }
  if (isClassType(PT, "c10::ArrayRef") || isClassType(PT, "std::vector")) {
    D.Kind = DataKind::Array;
    D.Data = CE->getArg(0);
  }
  // FIXME: a TensorDataContainer variable passed on is not classified.
  return D;
}

/// Classifies the first argument of `at::tensor(data, options)`: every
/// two-argument form, a single value included, copies from the host.
HostData atTensorData(const CallExpr *Call) {
  HostData D;
  const FunctionDecl *FD = Call->getDirectCallee();
  D.Arg = Call->getArg(0);
  QualType PT = FD->getParamDecl(0)->getType();
  if (const InitListExpr *IL = listOf(D.Arg)) {
    D.Kind = DataKind::InitList;
    D.List = IL;
    if (IL->getNumInits() == 1) {
      D.Single = IL->getInit(0);
      D.SingleType = IL->getInit(0)->getType();
    }
  } else if (PT->isArithmeticType()) {
    D.Kind = DataKind::Value;
    D.Data = D.Arg;
  } else {
    D.Kind = DataKind::Array;
    D.Data = D.Arg;
  }
  return D;
}

std::string quoted(const Expr *E, const ASTContext &Ctx) {
  return "'" + exprText(E, Ctx) + "'";
}

/// The `torch` namespace the callee is qualified with (`torch::tensor`,
/// `::torch::tensor`, an alias of torch): only then does replacing the name
/// keep name lookup as it was.
bool isQualifiedWithTorch(const DeclRefExpr *DRE) {
  const NestedNameSpecifier *NNS = DRE ? DRE->getQualifier() : nullptr;
  if (!NNS)
    return false;
  const NamespaceDecl *NS = NNS->getAsNamespace();
  if (const NamespaceAliasDecl *Alias = NNS->getAsNamespaceAlias())
    NS = Alias->getNamespace();
  return NS && NS->getQualifiedNameAsString() == "torch";
}

/// Classifies every use of one variable in a function body.
class UseScanner : public RecursiveASTVisitor<UseScanner> {
public:
  UseScanner(const VarDecl *V, const Stmt *Loop, ASTContext &Ctx)
      : V(V), Loop(Loop), Ctx(Ctx) {}
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (DRE->getDecl() != V)
      return true;
    if (DRE->refersToEnclosingVariableOrCapture()) {
      Aliased = true; // A lambda may change it from anywhere.
      return true;
    }
    switch (use(DRE)) {
    case Use::Read:
      break;
    case Use::Write:
      if (inLoop(DRE))
        WrittenInLoop = true;
      break;
    case Use::Other:
      Aliased = true;
      break;
    }
    return true;
  }

  bool WrittenInLoop = false;
  bool Aliased = false;

private:
  enum class Use { Read, Write, Other };

  /// The parent that says how the value is used. An element of a braced
  /// list has two: the syntactic list, which holds it bare, and the
  /// semantic one, which holds its conversions; the latter tells.
  const Stmt *parentOf(const Stmt *S) {
    for (unsigned I = 0; I < 4; ++I) {
      const Stmt *P = nullptr;
      for (const DynTypedNode &Node : Ctx.getParents(*S)) {
        const auto *Candidate = Node.get<Stmt>();
        if (!Candidate)
          return nullptr; // A declaration's initializer (`auto &r = v;`).
        if (!P || isa<InitListExpr>(P))
          P = Candidate;
      }
      if (!P || !isa<ParenExpr>(P))
        return P;
      S = P;
    }
    return nullptr;
  }

  Use use(const DeclRefExpr *DRE) {
    const Stmt *P = parentOf(DRE);
    if (!P)
      return Use::Other;
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P)) {
      if (Cast->getCastKind() == CK_LValueToRValue)
        return Use::Read;
      // Binding to a const reference (`const std::vector<T>&`).
      if (Cast->getCastKind() == CK_NoOp && Cast->getType().isConstQualified())
        return Use::Read;
      return Use::Other;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P))
      return BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == DRE
                 ? Use::Write
                 : Use::Other;
    if (const auto *UO = dyn_cast<UnaryOperator>(P))
      return UO->isIncrementDecrementOp() ? Use::Write : Use::Other;
    if (const auto *ME = dyn_cast<MemberExpr>(P)) {
      const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
      if (MD && MD->isConst())
        return Use::Read;
      // `vec.push_back(x)`, `vec.clear()`: a change in place. Methods that
      // hand out a pointer or reference could alias it.
      if (MD && !MD->getReturnType()->isPointerType() &&
          !MD->getReturnType()->isReferenceType())
        return Use::Write;
      return Use::Other;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
      if (OC->isAssignmentOp() && OC->getArg(0)->IgnoreParens() == DRE)
        return Use::Write;
      return Use::Other;
    }
    // Passed to a parameter that cannot change it: by value, by const
    // reference, or to a LibTorch constructor (`TensorOptions(Args&&...)`
    // forwards a Device it only copies).
    const FunctionDecl *Callee = nullptr;
    llvm::ArrayRef<const Expr *> Args;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(P)) {
      Callee = CE->getConstructor();
      Args = llvm::ArrayRef(CE->getArgs(), CE->getNumArgs());
    } else if (const auto *CE = dyn_cast<CallExpr>(P)) {
      Callee = CE->getDirectCallee();
      Args = llvm::ArrayRef(CE->getArgs(), CE->getNumArgs());
    }
    if (Callee)
      for (unsigned I = 0; I < Args.size() && I < Callee->getNumParams(); ++I)
        if (Args[I]->IgnoreParens() == DRE) {
          QualType PT = Callee->getParamDecl(I)->getType();
          if (!PT->isReferenceType() ||
              PT.getNonReferenceType().isConstQualified() ||
              (isa<CXXConstructorDecl>(Callee) && isInLibTorchNamespace(Callee)))
            return Use::Read;
        }
    return Use::Other;
  }

  bool inLoop(const DeclRefExpr *DRE) const {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation L = SM.getExpansionLoc(DRE->getBeginLoc());
    SourceRange R = Loop->getSourceRange();
    return !SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(R.getBegin())) &&
           !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(R.getEnd()), L);
  }

  const VarDecl *V;
  const Stmt *Loop;
  ASTContext &Ctx;
};

/// True when \p E names a CUDA device on every run: `torch::kCUDA`,
/// `Device(kCUDA, i)`, `Device("cuda:0")`, or a local set only from one of
/// those. A choice made at run time (`is_available() ? kCUDA : kCPU`) does
/// not count: on a machine without CUDA it picks the CPU.
bool isLiteralCuda(const Expr *E, const Decl *Owner, ASTContext &Ctx,
                   unsigned Depth = 0) {
  if (!E || Depth > 8)
    return false;
  E = ignoreWrappers(E);
  if (const auto *SL = dyn_cast<StringLiteral>(E))
    return SL->getString().starts_with("cuda");
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return isClassType(CE->getType(), "c10::Device") && CE->getNumArgs() >= 1 &&
           isLiteralCuda(CE->getArg(0), Owner, Ctx, Depth + 1);
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return false;
  const ValueDecl *D = DRE->getDecl();
  StringRef Name = D->getDeclName().isIdentifier() ? D->getName() : "";
  if (isa<EnumConstantDecl>(D))
    return Name == "CUDA";
  const auto *V = dyn_cast<VarDecl>(D);
  if (!V || !V->getInit() || V->getType()->isReferenceType())
    return false;
  if (Name == "kCUDA" && isInLibTorchNamespace(V))
    return true;
  if (!V->getType().isConstQualified()) {
    // Never assigned nor aliased in its function.
    if (!V->isLocalVarDecl() || V->isStaticLocal() || !Owner ||
        !Owner->getBody())
      return false;
    UseScanner Scan(V, Owner->getBody(), Ctx);
    Scan.TraverseStmt(Owner->getBody());
    if (Scan.WrittenInLoop || Scan.Aliased)
      return false;
  }
  return isLiteralCuda(V->getInit(), Owner, Ctx, Depth + 1);
}

/// Decides whether the data and options of a call stay the same on every
/// run of a loop, so that the tensor could be built once before it. With no
/// loop (the call is hot because of `forward`, a call from a loop or
/// HotFunctions) only constants count.
class Invariance {
public:
  Invariance(const Stmt *Loop, const Decl *Owner, ASTContext &Ctx)
      : Loop(Loop), Owner(Owner), Ctx(Ctx) {}

  bool value(const Expr *E, unsigned Depth = 0) {
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
  bool options(const Expr *E, unsigned Depth = 0) {
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
  bool array(const Expr *E) {
    E = ignoreArrayConversion(E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        return variable(V, 0);
    return false;
  }

  /// Every scalar of a (nested) braced list.
  bool list(const InitListExpr *IL, bool TorchContainers, unsigned Depth = 0) {
    if (Depth > 8)
      return false;
    for (const Expr *Elem : IL->inits()) {
      if (TorchContainers) {
        if (const CXXConstructExpr *S = scalarContainer(Elem)) {
          if (!value(S->getArg(0)))
            return false;
          continue;
        }
        const auto *CE = dyn_cast<CXXConstructExpr>(Elem->IgnoreImplicit());
        const InitListExpr *Inner =
            CE && CE->getNumArgs() == 1 ? listOf(CE->getArg(0)) : nullptr;
        if (!Inner || !list(Inner, TorchContainers, Depth + 1))
          return false;
      } else if (!value(Elem)) {
        return false;
      }
    }
    return true;
  }

private:
  static const Expr *ignoreArrayConversion(const Expr *E) {
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

  bool declaredInLoop(const VarDecl *V) const {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceRange R = Loop->getSourceRange();
    SourceLocation L = SM.getExpansionLoc(V->getLocation());
    return !SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(R.getBegin())) &&
           !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(R.getEnd()), L);
  }

  bool variable(const VarDecl *V, unsigned Depth) {
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
    UseScanner Scan(V, Loop, Ctx);
    Scan.TraverseStmt(Owner->getBody());
    return !Scan.WrittenInLoop && !Scan.Aliased;
  }

  const Stmt *Loop;
  const Decl *Owner;
  ASTContext &Ctx;
};

/// The innermost loop around \p S in its own function or lambda, and that
/// function or lambda's declaration.
std::pair<const Stmt *, const Decl *> enclosingLoop(const Stmt *S,
                                                    ASTContext &Ctx) {
  const Stmt *Loop = nullptr;
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Steps = 0; Steps < 1024; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
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

/// The element types for which `torch::full({1}, v, opts)` infers the same
/// dtype as `torch::tensor({v}, opts)`: TensorDataContainer maps int and
/// int64_t to kLong, float and double to the default dtype, bool to kBool,
/// and so does full's Scalar inference; uint8_t, int8_t and int16_t keep
/// their own dtype in torch::tensor but become kLong in full.
bool fullKeepsDtype(QualType ParamType, const Expr *Value) {
  QualType P = ParamType.getCanonicalType().getUnqualifiedType();
  QualType V = Value->IgnoreParenImpCasts()
                   ->getType()
                   .getCanonicalType()
                   .getUnqualifiedType();
  if (P != V)
    return false; // The value converts to the container's type: keep out.
  if (P->isBooleanType())
    return true;
  const auto *BT = P->getAs<BuiltinType>();
  if (!BT)
    return false;
  switch (BT->getKind()) {
  case BuiltinType::Float:
  case BuiltinType::Double:
    return true;
  case BuiltinType::Int:
  case BuiltinType::Long:
  case BuiltinType::LongLong:
    return true;
  default:
    return false;
  }
}
} // namespace

void HostDataTensorCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  ASTContext &Ctx = *Result.Context;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || FD->getNumParams() < 2 || Call->getNumArgs() < 2)
    return; // No options: a CPU tensor.
  const Expr *OptsArg = Call->getArg(1);
  if (isa<CXXDefaultArgExpr>(OptsArg->IgnoreImplicit()))
    return;
  bool IsTorch = qualifiedName(FD) == "torch::tensor";
  HostData Data =
      IsTorch ? torchTensorData(Call->getArg(0)) : atTensorData(Call);
  if (Data.Kind == DataKind::None)
    return;

  DeviceInference &Devices = Sync.devices(Ctx);
  Device Dev = Devices.ofDeviceSpec(OptsArg);
  if (Dev != Device::CUDA && Dev != Device::Unknown)
    return; // CPU, or options that name no device (CPU by default).
  if (!Sync.reportsDevice(Dev))
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
  if (!Hot)
    return;

  const auto *Callee =
      dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
  std::optional<std::string> CalleeText =
      Callee ? sourceText(Callee->getSourceRange(), Ctx) : std::nullopt;
  std::string Api = (CalleeText && CalleeText->size() <= 40
                         ? *CalleeText
                         : (IsTorch ? "torch::tensor" : "at::tensor")) +
                    "()";
  std::string From = Data.Kind == DataKind::InitList ? "a braced list"
                     : Data.Kind == DataKind::Value
                         ? "the value " + quoted(Data.Data, Ctx)
                         : quoted(Data.Data, Ctx);
  std::string Assumption = Dev == Device::CUDA ? ""
                                               : " if " + quoted(OptsArg, Ctx) +
                                                     " names a CUDA device";

  bool Fixable =
      IsTorch && isFixable(Call, Ctx) && isQualifiedWithTorch(Callee);
  std::optional<std::string> OptsText =
      sourceText(OptsArg->getSourceRange(), Ctx);

  // One scalar in braces: fill on the device instead. torch::full keeps the
  // shape [1], the values and, for these element types, the dtype.
  llvm::SmallVector<FixItHint, 2> Fixes;
  std::string Instead;
  bool Single = Data.Single != nullptr || Data.Kind == DataKind::Value;
  std::optional<std::string> SingleText =
      Data.Single ? sourceText(Data.Single->getSourceRange(), Ctx)
                  : std::nullopt;
  bool FullKeepsMeaning =
      IsTorch && Data.Single && fullKeepsDtype(Data.SingleType, Data.Single);
  if (FullKeepsMeaning && Fixable && SingleText) {
    std::optional<FixItHint> Name =
        replaceTokens(Callee->getNameInfo().getSourceRange(), "full", Ctx);
    std::optional<FixItHint> Args =
        replaceTokens(Data.Arg->getSourceRange(), "{1}, " + *SingleText, Ctx);
    if (Name && Args)
      Fixes = {*Name, *Args};
  }
  if (FullKeepsMeaning) {
    Instead = "'torch::full', which fills the tensor on the device";
  } else if (Single) {
    Instead = IsTorch ? "'torch::full' with the same dtype, or "
                        "'torch::tensor(v, opts)' for a 0-dim tensor, which "
                        "fill the tensor on the device"
                      : "'at::full' or 'at::scalar_tensor' with the same "
                        "dtype, which fill the tensor on the device";
  } else {
    // Data that stays the same on every run could be built once.
    const auto [Loop, Owner] = enclosingLoop(Call, Ctx);
    Invariance Inv(Hot->Kind == HotReason::Loop ? Loop : nullptr, Owner, Ctx);
    bool Invariant = Inv.options(OptsArg) && (Data.Kind == DataKind::InitList
                                                  ? Inv.list(Data.List, IsTorch)
                                                  : Inv.array(Data.Data));
    if (Invariant)
      Instead = Hot->Kind == HotReason::Loop && Loop
                    ? "creating it once before the loop, or "
                    : "creating it once outside the hot path, or ";
    Instead += "building it in pinned memory ('pin_memory()') and copying "
               "it with non_blocking=true";

    // torch::tensor(data, device) -> torch::tensor(data).pin_memory()
    //     .to(device, /*non_blocking=*/true): the same dtype (the options
    // name only a device), values and device; the pinned temporary is kept
    // alive by the caching host allocator until the copy is done.
    const Expr *Bare = ignoreWrappers(OptsArg);
    bool BareDevice = isEnumType(Bare->getType(), "c10::DeviceType") ||
                      isClassType(Bare->getType(), "c10::Device");
    std::optional<std::string> DataText =
        sourceText(Data.Arg->getSourceRange(), Ctx);
    if (Fixable && BareDevice && CalleeText && DataText && OptsText &&
        isLiteralCuda(OptsArg, Owner, Ctx))
      if (auto Fix = replaceTokens(Call->getSourceRange(),
                                   *CalleeText + "(" + *DataText +
                                       ").pin_memory().to(" + *OptsText +
                                       ", /*non_blocking=*/true)",
                                   Ctx))
        Fixes = {*Fix};
  }

  {
    auto D = diag(Call->getBeginLoc(),
                  "'%0' fills a host tensor from %1 and copies it to the "
                  "GPU%2, waiting for all queued GPU work (%3); consider %4")
             << Api << From << Assumption << MemcpyAndSyncPath << Instead;
    for (const FixItHint &Fix : Fixes)
      D << Fix;
  }
  Sync.noteHotReason(*this, *Hot);

  // torch::tensor({v}, opts) -> torch::tensor(v, opts) when full would
  // change the dtype: a 0-dim tensor built on the device, one dimension
  // fewer.
  if (!FullKeepsMeaning && Data.Single && Fixable && SingleText &&
      Data.SingleType.getCanonicalType().getUnqualifiedType() ==
          Data.Single->IgnoreParenImpCasts()
              ->getType()
              .getCanonicalType()
              .getUnqualifiedType())
    if (auto Fix = replaceTokens(Data.Arg->getSourceRange(), *SingleText, Ctx))
      diag(Call->getBeginLoc(),
           "build a 0-dim tensor, filled on the device; its shape becomes [] "
           "instead of [1]",
           DiagnosticIDs::Note)
          << *Fix;
}

void HostDataTensorCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Sync.store(Options, Opts);
}

} // namespace clang::tidy::torchsync
