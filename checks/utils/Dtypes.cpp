//===--- Dtypes.cpp - Proving the dtype of a tensor expression --*- C++ -*-===//

#include "Dtypes.h"
#include "CallArgs.h"
#include "TorchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char AssignedId[] = "assigned";

namespace {
/// What a dtype argument says.
enum class DtypeSpec { None, Bool, Other };
} // namespace

static DtypeSpec joinDtype(DtypeSpec A, DtypeSpec B) {
  if (A == DtypeSpec::None)
    return B;
  if (B == DtypeSpec::None || A == B)
    return A;
  return DtypeSpec::Other;
}

/// The dtype named anywhere in a dtype / TensorOptions argument: `kBool`
/// gives Bool; any other ScalarType, a TypeMeta, a TensorOptions variable or
/// `t.options()` gives Other (not proven); device-only specs give None.
static DtypeSpec dtypeNamedIn(const Stmt *S, unsigned Depth = 0) {
  if (!S || Depth > 32)
    return DtypeSpec::None;
  if (const auto *E = dyn_cast<Expr>(S)) {
    if (isEnumType(E->getType(), "c10::ScalarType")) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      if (!DRE)
        return DtypeSpec::Other;
      StringRef Name = DRE->getDecl()->getName();
      return Name == "kBool" || Name == "Bool" ? DtypeSpec::Bool
                                               : DtypeSpec::Other;
    }
    if (isClassType(E->getType(), "caffe2::TypeMeta"))
      return DtypeSpec::Other;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E);
        DRE && isa<VarDecl>(DRE->getDecl()) &&
        isClassType(DRE->getType(), "c10::TensorOptions"))
      return DtypeSpec::Other;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
        MC && isTensorType(MC->getImplicitObjectArgument()->getType()))
      return DtypeSpec::Other; // t.options(), t.scalar_type()
  }
  DtypeSpec R = DtypeSpec::None;
  for (const Stmt *Child : S->children())
    R = joinDtype(R, dtypeNamedIn(Child, Depth + 1));
  return R;
}

static bool isProvenBool(const Expr *E, ASTContext &Ctx, unsigned Depth);

/// A local variable whose initializer and every assignment are proven bool.
static bool isProvenBoolVariable(const VarDecl *V, ASTContext &Ctx,
                                 unsigned Depth) {
  if (isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit() ||
      !isProvenBool(V->getInit(), Ctx, Depth + 1))
    return false;
  const auto *FD =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!FD || !FD->getBody())
    return false;
  auto Assignments = match(findAll(cxxOperatorCallExpr(
                               hasOverloadedOperatorName("="),
                               hasArgument(0, ignoringParenImpCasts(declRefExpr(
                                                  to(varDecl(equalsNode(V)))))),
                               hasArgument(1, expr().bind(AssignedId)))),
                           *FD->getBody(), Ctx);
  for (const BoundNodes &N : Assignments)
    if (!isProvenBool(N.getNodeAs<Expr>(AssignedId), Ctx, Depth + 1))
      return false;
  return true;
}

/// True when \p E is a tensor whose dtype is proven to be bool: a
/// comparison, a logical op, isfinite / isnan, a factory or `to()` with
/// kBool, a dtype-preserving op on one of those, or a local variable that
/// only ever holds one of those.
static bool isProvenBool(const Expr *E, ASTContext &Ctx, unsigned Depth) {
  if (!E || Depth > 8)
    return false;
  E = ignoreWrappers(E);
  if (!isTensorType(E->getType()))
    return false;
  auto AllTensorArgsBool = [&](const CallExpr *Call) {
    bool Any = false;
    for (const Expr *A : Call->arguments()) {
      if (isa<CXXDefaultArgExpr>(A))
        continue;
      if (!isTensorType(ignoreWrappers(A)->getType()) ||
          !isProvenBool(A, Ctx, Depth + 1))
        return false;
      Any = true;
    }
    return Any;
  };

  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OC->isComparisonOp())
      return true;
    switch (OC->getOperator()) {
    case OO_Tilde: // ~m is logical not only on a bool tensor
    case OO_Amp:
    case OO_Pipe:
    case OO_Caret:
      return AllTensorArgsBool(OC);
    default:
      return false;
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return isProvenBoolVariable(V, Ctx, Depth);
    return false;
  }
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || !FD->getDeclName().isIdentifier())
    return false;
  std::string Qualified = qualifiedName(FD);
  if (!StringRef(Qualified).starts_with("at::") &&
      !StringRef(Qualified).starts_with("torch::"))
    return false;
  StringRef Name = FD->getName();
  const Expr *Recv = receiverOf(Call);

  // Ops that always return bool.
  if (llvm::is_contained(
          {"eq",         "ne",          "lt",          "le",
           "gt",         "ge",          "greater",     "greater_equal",
           "less",       "less_equal",  "not_equal",   "isfinite",
           "isnan",      "isinf",       "isposinf",    "isneginf",
           "isreal",     "signbit",     "logical_not", "logical_and",
           "logical_or", "logical_xor", "isclose",     "isin"},
          Name))
    return true;
  // all/any keep a uint8 input's dtype: bool only from a bool input.
  if (Name == "all" || Name == "any" || Name == "bitwise_not" ||
      Name == "bitwise_and" || Name == "bitwise_or" || Name == "bitwise_xor") {
    if (Recv && !isProvenBool(Recv, Ctx, Depth + 1))
      return false;
    if (!Recv && Call->getNumArgs() &&
        !isProvenBool(Call->getArg(0), Ctx, Depth + 1))
      return false;
    if (Name.starts_with("bitwise_") && Name != "bitwise_not")
      for (const Expr *A : userArgs(Call))
        if (isTensorType(ignoreWrappers(A)->getType()) &&
            !isProvenBool(A, Ctx, Depth + 1))
          return false;
    return true;
  }
  // to(kBool), to(device), toType(kBool).
  if (Name == "to" || Name == "toType" || Name == "type") {
    DtypeSpec Spec = DtypeSpec::None;
    for (const Expr *A : userArgs(Call)) {
      if (isTensorType(ignoreWrappers(A)->getType()))
        return false; // to(other) takes other's dtype.
      Spec = joinDtype(Spec, dtypeNamedIn(A));
    }
    if (Spec != DtypeSpec::None)
      return Spec == DtypeSpec::Bool;
    return Recv && isProvenBool(Recv, Ctx, Depth + 1);
  }
  // Factories with a dtype: torch::zeros({n}, torch::kBool).
  bool Like = Name.ends_with("_like");
  if (llvm::is_contained({"zeros", "ones", "empty", "full", "zeros_like",
                          "ones_like", "empty_like", "full_like"},
                         Name)) {
    DtypeSpec Spec = DtypeSpec::None;
    for (const Expr *A : userArgs(Call))
      if (!isTensorType(ignoreWrappers(A)->getType()))
        Spec = joinDtype(Spec, dtypeNamedIn(A));
    if (Spec != DtypeSpec::None)
      return Spec == DtypeSpec::Bool;
    return Like && Call->getNumArgs() &&
           isProvenBool(Call->getArg(0), Ctx, Depth + 1);
  }
  // Ops that keep the dtype of the tensor they are called on.
  if (Recv && llvm::is_contained(
                  {"cuda",       "cpu",          "clone",        "contiguous",
                   "detach",     "view",         "reshape",      "flatten",
                   "squeeze",    "unsqueeze",    "expand",       "expand_as",
                   "t",          "transpose",    "permute",      "select",
                   "slice",      "narrow",       "pin_memory",   "view_as",
                   "reshape_as", "logical_not_", "logical_and_", "logical_or_",
                   "flip",       "roll",         "repeat",       "index_select",
                   "gather"},
                  Name))
    return isProvenBool(Recv, Ctx, Depth + 1);
  return false;
}

bool isProvenBool(const Expr *E, ASTContext &Ctx) {
  return isProvenBool(E, Ctx, 0);
}

/// True when \p S names an integer dtype (`kLong`, `kInt`, ...).
static bool namesIntegerIndexDtype(const Stmt *S, unsigned Depth = 0) {
  if (!S || Depth > 8)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    StringRef N = DRE->getDecl()->getName();
    return llvm::is_contained(
        {"kLong", "kInt", "kInt64", "kInt32", "Long", "Int"}, N);
  }
  for (const Stmt *Child : S->children())
    if (namesIntegerIndexDtype(Child, Depth + 1))
      return true;
  return false;
}

/// True when \p E is proven to be an integer (long / int) index tensor:
/// ops that return long indices, factories and conversions naming kLong /
/// kInt, `arange` with integer bounds and no dtype, or a local variable
/// initialized with one.
static bool isProvenIntegerIndex(const Expr *E, unsigned Depth) {
  if (!E || Depth > 4)
    return false;
  E = ignoreWrappers(E);
  if (const VarDecl *V = localVarOf(E))
    return !isa<ParmVarDecl>(V) && V->getInit() &&
           !V->getType()->isReferenceType() &&
           isProvenIntegerIndex(V->getInit(), Depth + 1);
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = Call ? calleeOf(Call) : nullptr;
  if (!FD || !FD->getDeclName().isIdentifier())
    return false;
  StringRef Name = FD->getName();
  // Long indices whatever their input (argmax / argmin are left out: their
  // 0-dim results are host-read's, B8).
  if (llvm::is_contained({"randint", "randperm", "argsort"}, Name))
    return true;
  if (llvm::is_contained({"to", "toType", "arange", "zeros", "ones", "empty",
                          "full", "tensor"},
                         Name) &&
      namesIntegerIndexDtype(Call))
    return true;
  // `arange` with integer bounds and no dtype is int64 by default.
  if (Name != "arange" || !isInLibTorchNamespace(FD) || receiverOf(Call))
    return false;
  bool AnyBound = false;
  for (const Expr *A : userArgs(Call)) {
    if (isa<CXXDefaultArgExpr>(A))
      continue;
    QualType T = stripValueWrappers(A)->getType();
    if (isClassType(T, "c10::Device") || isEnumType(T, "c10::DeviceType"))
      continue; // A device only: the dtype stays the default.
    if (!T->isIntegerType() || T->isBooleanType())
      return false; // A floating bound, or options that may name a dtype.
    AnyBound = true;
  }
  return AnyBound;
}

bool isProvenIntegerIndex(const Expr *E) { return isProvenIntegerIndex(E, 0); }

} // namespace clang::tidy::torchsync
