//===--- DeviceGuards.cpp - Parameters whose device a guard decides -------===//

#include "DeviceGuards.h"
#include "ASTWalk.h"
#include "TorchApi.h"
#include "VariableUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"

namespace clang::tidy::torchsync {

namespace {

/// Strips what a check macro wraps its condition in: parentheses, casts,
/// `__builtin_expect(static_cast<bool>(e), 0)` (C10_UNLIKELY).
const Expr *stripCondition(const Expr *E) {
  while (E) {
    const Expr *Prev = E;
    E = ignoreWrappers(E);
    if (const auto *Call = dyn_cast<CallExpr>(E);
        Call && Call->getBuiltinCallee() == Builtin::BI__builtin_expect &&
        Call->getNumArgs() == 2)
      E = Call->getArg(0);
    else if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
      E = Cast->getSubExpr();
    if (E == Prev)
      return E;
  }
  return E;
}

/// The tensor parameter of \p FD that \p E names, or null.
const ParmVarDecl *tensorParam(const Expr *E, const FunctionDecl *FD) {
  const auto *P = dyn_cast_or_null<ParmVarDecl>(localVarOf(E));
  if (!P || P->getDeclContext() != FD || !isTensorType(P->getType()))
    return nullptr;
  return P;
}

/// For `x.name()` (through wrappers), the receiver `x`; null otherwise.
const Expr *receiverOfMethod(const Expr *E, llvm::ArrayRef<StringRef> Names) {
  const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(ignoreWrappers(E));
  if (!Call)
    return nullptr;
  const CXXMethodDecl *MD = Call->getMethodDecl();
  if (!MD || !MD->getIdentifier() || !llvm::is_contained(Names, MD->getName()))
    return nullptr;
  return Call->getImplicitObjectArgument();
}

/// The parameter whose Device \p E is: `x.device()`.
const ParmVarDecl *deviceOfParam(const Expr *E, const FunctionDecl *FD) {
  return tensorParam(receiverOfMethod(E, {"device"}), FD);
}

/// A device type named by \p E (`at::kCUDA`, `c10::DeviceType::CPU`).
Device deviceTypeValue(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return Device::None;
  E = E->IgnoreParenImpCasts();
  const auto *ET = E->getType()->getAs<EnumType>();
  if (!ET || ET->getDecl()->getQualifiedNameAsString() != "c10::DeviceType")
    return Device::None;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return Device::None;
  for (const EnumConstantDecl *C : ET->getDecl()->enumerators())
    if (llvm::APSInt::isSameValue(C->getInitVal(), R.Val.getInt())) {
      if (C->getName() == "CUDA")
        return Device::CUDA;
      if (C->getName() == "CPU")
        return Device::CPU;
    }
  return Device::None;
}

/// True when executing \p S never completes normally: it throws or calls a
/// `[[noreturn]]` function (`c10::detail::torchCheckFail`) at its top level.
bool neverCompletes(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return llvm::any_of(CS->body(), neverCompletes);
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = ignoreWrappers(E);
    if (isa<CXXThrowExpr>(E))
      return true;
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        return Callee->isNoReturn();
  }
  return false;
}

/// True when \p S holds a `return` of the function (not of a lambda in it).
bool containsReturn(const Stmt *S) {
  return containsStmtWhere(
      S, [](const Stmt *St) { return isa<ReturnStmt, CoreturnStmt>(St); });
}

/// True when \p E asks where a tensor lives (`x.is_cuda()`, `x.device()`,
/// `device_of(x)`, `torch::cuda::is_available()`).
bool testsDevice(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *Callee = Call->getDirectCallee();
        Callee && Callee->getIdentifier()) {
      StringRef N = Callee->getName();
      if (N == "is_cuda" || N == "is_cpu" || N == "device" ||
          N == "get_device" || N == "device_of" || N == "is_available")
        return true;
    }
  for (const Stmt *Child : S->children())
    if (testsDevice(Child))
      return true;
  return false;
}

/// The parameter whose memory `x.data_ptr<T>()` (or a packed accessor of
/// `x`) passes to a kernel.
const ParmVarDecl *devicePointerOf(const Expr *Arg, const FunctionDecl *FD) {
  const Expr *E = Arg;
  for (unsigned Steps = 0; E && Steps < 8; ++Steps) {
    const Expr *Prev = E;
    E = ignoreWrappers(E);
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
      E = Cast->getSubExpr();
    if (E == Prev)
      break;
  }
  return tensorParam(
      receiverOfMethod(E, {"data_ptr", "data", "mutable_data_ptr",
                           "const_data_ptr", "packed_accessor32",
                           "packed_accessor64", "generic_packed_accessor"}),
      FD);
}

} // namespace

void DeviceGuards::addFact(FunctionFacts &Facts, const ParmVarDecl *P, Device D,
                           SourceLocation Loc) {
  if (!P || (D != Device::CPU && D != Device::CUDA))
    return;
  auto [It, Inserted] = Facts.try_emplace(P, Fact{D, Loc});
  if (!Inserted && It->second.D != D)
    It->second.D = Device::Unknown; // Guards that disagree decide nothing.
}

/// Facts of a check's condition: `x.is_cuda()`, `x.device().is_cuda()`,
/// `x.device().type() == kCUDA`, the CPU forms, and `a && b`.
static void
conditionFacts(const Expr *Cond, const FunctionDecl *FD, const ASTContext &Ctx,
               llvm::function_ref<void(const ParmVarDecl *, Device)> Add) {
  Cond = stripCondition(Cond);
  if (!Cond)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    if (BO->getOpcode() == BO_LAnd) {
      conditionFacts(BO->getLHS(), FD, Ctx, Add);
      conditionFacts(BO->getRHS(), FD, Ctx, Add);
      return;
    }
  }
  for (auto [Name, D] : {std::pair<StringRef, Device>{"is_cuda", Device::CUDA},
                         {"is_cpu", Device::CPU}}) {
    if (const Expr *Recv = receiverOfMethod(Cond, {Name})) {
      if (const ParmVarDecl *P = tensorParam(Recv, FD))
        Add(P, D);
      else if (const ParmVarDecl *P = deviceOfParam(Recv, FD))
        Add(P, D);
      return;
    }
  }
  // `x.device().type() == at::kCUDA`, either way round.
  const Expr *LHS = nullptr, *RHS = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond);
      BO && BO->getOpcode() == BO_EQ) {
    LHS = BO->getLHS();
    RHS = BO->getRHS();
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Cond);
             Op && Op->getOperator() == OO_EqualEqual &&
             Op->getNumArgs() == 2) {
    LHS = Op->getArg(0);
    RHS = Op->getArg(1);
  }
  if (!LHS)
    return;
  for (int Side = 0; Side < 2; ++Side, std::swap(LHS, RHS))
    if (const ParmVarDecl *P =
            deviceOfParam(receiverOfMethod(LHS, {"type"}), FD))
      Add(P, deviceTypeValue(RHS, Ctx));
}

void DeviceGuards::scanTopLevel(const Stmt *S, const FunctionDecl *FD,
                                FunctionFacts &Facts) {
  if (!S)
    return;
  // Macros make one statement of several: `do { ... } while (false)`.
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    bool Repeats = true;
    const Expr *Cond = Do->getCond();
    if (Cond && !Cond->isValueDependent() &&
        Cond->EvaluateAsBooleanCondition(Repeats, Ctx) && !Repeats)
      scanTopLevel(Do->getBody(), FD, Facts);
    return;
  }
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : CS->body()) {
      scanTopLevel(Child, FD, Facts);
      if (containsReturn(Child))
        return;
    }
    return;
  }
  auto Add = [&](SourceLocation Loc) {
    return
        [&, Loc](const ParmVarDecl *P, Device D) { addFact(Facts, P, D, Loc); };
  };
  // TORCH_CHECK(c, ...) and its kin: `if (!(c)) { fail(...); }`.
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getElse() || If->getInit() || If->getConditionVariable() ||
        If->isConsteval() || !neverCompletes(If->getThen()))
      return;
    const auto *Not =
        dyn_cast_or_null<UnaryOperator>(stripCondition(If->getCond()));
    if (!Not || Not->getOpcode() != UO_LNot)
      return;
    conditionFacts(Not->getSubExpr(), FD, Ctx, Add(If->getBeginLoc()));
    return;
  }
  // `c10::cuda::CUDAGuard g(x.device());`,
  // `at::cuda::OptionalCUDAGuard g(device_of(x));`.
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !(isClassType(V->getType(), "::c10::cuda::CUDAGuard") ||
                  isClassType(V->getType(), "::c10::cuda::OptionalCUDAGuard")))
        continue;
      const auto *Construct =
          dyn_cast_or_null<CXXConstructExpr>(ignoreWrappers(V->getInit()));
      if (!Construct || Construct->getNumArgs() != 1)
        continue;
      const Expr *Arg = ignoreWrappers(Construct->getArg(0));
      // optional<Device> built from the Device.
      if (const auto *Inner = dyn_cast<CXXConstructExpr>(Arg);
          Inner && Inner->getNumArgs() == 1)
        Arg = ignoreWrappers(Inner->getArg(0));
      const ParmVarDecl *P = deviceOfParam(Arg, FD);
      if (const auto *Call = dyn_cast<CallExpr>(Arg); !P && Call) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        if (Callee && Call->getNumArgs() == 1 &&
            Callee->getQualifiedNameAsString() == "at::device_of")
          P = tensorParam(Call->getArg(0), FD);
      }
      addFact(Facts, P, Device::CUDA, V->getBeginLoc());
    }
  }
}

void DeviceGuards::scanLaunches(const Stmt *S, bool UnderDeviceTest,
                                const FunctionDecl *FD, FunctionFacts &Facts) {
  if (!S)
    return;
  if (const auto *Launch = dyn_cast<CUDAKernelCallExpr>(S); Launch) {
    if (!UnderDeviceTest)
      for (const Expr *Arg : Launch->arguments())
        addFact(Facts, devicePointerOf(Arg, FD), Device::CUDA,
                Launch->getBeginLoc());
  }
  const Stmt *Cond = nullptr;
  if (const auto *If = dyn_cast<IfStmt>(S))
    Cond = If->getCond();
  else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(S))
    Cond = CO->getCond();
  else if (const auto *Switch = dyn_cast<SwitchStmt>(S))
    Cond = Switch->getCond();
  bool Under = UnderDeviceTest || (Cond && testsDevice(Cond));
  for (const Stmt *Child : S->children())
    scanLaunches(Child, Child == Cond ? UnderDeviceTest : Under, FD, Facts);
}

void DeviceGuards::addDispatchKeyFacts(const FunctionDecl *FD,
                                       FunctionFacts &Facts) {
  llvm::SmallVector<const EntryPoint *, 2> Regs = Entries.of(FD);
  if (Regs.empty() || Entries.calledDirectly(FD))
    return;
  Device Common = Device::None;
  for (const EntryPoint *E : Regs) {
    if (E->Kind != RegistrationKind::TorchLibrary &&
        E->Kind != RegistrationKind::RegisterOperators)
      return; // Python or autograd callers pass any device.
    Device D = deviceOfDispatchKey(E->DispatchKey);
    if (D == Device::None || (Common != Device::None && D != Common))
      return;
    Common = D;
  }
  for (const ParmVarDecl *P : FD->parameters())
    if (isTensorType(P->getType()))
      addFact(Facts, P, Common, Regs.front()->Loc);
}

const DeviceGuards::FunctionFacts &
DeviceGuards::factsOf(const FunctionDecl *FD) {
  if (auto It = Memo.find(FD); It != Memo.end())
    return It->second;
  FunctionFacts Facts;
  if (const auto *Body = dyn_cast_or_null<CompoundStmt>(
          FD->doesThisDeclarationHaveABody() ? FD->getBody() : nullptr)) {
    bool IsCuda = Ctx.getLangOpts().CUDA;
    for (const Stmt *S : Body->body()) {
      scanTopLevel(S, FD, Facts);
      if (IsCuda)
        scanLaunches(S, /*UnderDeviceTest=*/false, FD, Facts);
      if (containsReturn(S))
        break; // Later statements do not run on every call.
    }
  }
  addDispatchKeyFacts(FD, Facts);
  // A guard speaks of the value on entry: a parameter that is assigned, or
  // that code not followed may write, keeps no fact.
  for (auto &[P, F] : Facts)
    if (const VariableUses *U = Uses.of(P);
        U && (U->Escapes || !U->Assigned.empty()))
      F.D = Device::Unknown;
  return Memo[FD] = std::move(Facts);
}

Device DeviceGuards::deviceOf(const ParmVarDecl *P) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!FD)
    return Device::None;
  const FunctionFacts &Facts = factsOf(FD);
  auto It = Facts.find(P);
  if (It == Facts.end() || It->second.D == Device::Unknown)
    return Device::None;
  return It->second.D;
}

SourceLocation DeviceGuards::guardOf(const ParmVarDecl *P) {
  if (deviceOf(P) == Device::None)
    return SourceLocation();
  const auto *FD = cast<FunctionDecl>(P->getDeclContext());
  return factsOf(FD).find(P)->second.Loc;
}

} // namespace clang::tidy::torchsync
