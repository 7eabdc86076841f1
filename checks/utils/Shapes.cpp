//===--- Shapes.cpp - Proven ranks of tensor expressions ------------------===//

#include "Shapes.h"
#include "CallArgs.h"
#include "TorchApi.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::torchsync {

namespace {

/// The methods that change a tensor's number of dimensions in place.
bool changesDimInPlace(StringRef Name) {
  return llvm::is_contained({"resize_", "resize_as_", "unsqueeze_", "squeeze_",
                             "set_", "as_strided_", "swap"},
                            Name);
}

/// Reductions over every element when called without a dimension.
bool isFullReduction(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("sum", "mean", "max", "min", "argmax", "argmin", true)
      .Cases("norm", "prod", "all", "any", "amax", "amin", true)
      .Cases("std", "var", "median", "nansum", "count_nonzero", true)
      .Default(false);
}

/// Methods and functions of one tensor whose result has its shape and
/// device (device conversions are left out: a mask on another device does
/// not broadcast against the tensor in every op).
bool keepsShape(StringRef Name) {
  return llvm::is_contained(
      {"clone",      "contiguous", "detach",      "float",       "double",
       "half",       "long",       "int",         "bool",        "abs",
       "neg",        "exp",        "log",         "sqrt",        "sigmoid",
       "relu",       "tanh",       "sign",        "floor",       "ceil",
       "round",      "trunc",      "isnan",       "isinf",       "isfinite",
       "isneginf",   "isposinf",   "logical_not", "bitwise_not", "signbit",
       "nan_to_num", "square",     "reciprocal"},
      Name);
}

/// LibTorch's loss functions (ATen's, and torch::nn::functional's with a
/// FuncOptions argument), whose result is 0-dim unless the reduction is
/// None.
bool isLossFunction(StringRef Name) {
  return llvm::is_contained(
      {"cross_entropy", "nll_loss", "mse_loss", "l1_loss", "smooth_l1_loss",
       "huber_loss", "binary_cross_entropy", "binary_cross_entropy_with_logits",
       "kl_div", "soft_margin_loss", "hinge_embedding_loss", "poisson_nll_loss",
       "margin_ranking_loss", "multilabel_margin_loss",
       "multilabel_soft_margin_loss", "multi_margin_loss",
       "cosine_embedding_loss", "triplet_margin_loss"},
      Name);
}

/// True when the loss call \p Call reduces its result to one value: its
/// reduction is left to its default (the mean, in ATen's functions and in a
/// defaulted FuncOptions), or is written as at::Reduction::Mean or Sum (a
/// constant of 1 or 2; None is 0). A FuncOptions argument that is written
/// may ask for no reduction: not shown.
bool reducesToScalar(const CallExpr *Call, const ASTContext &Ctx) {
  if (const Expr *Options = argNamed(Call, {"options"}))
    return isa<CXXDefaultArgExpr>(Options->IgnoreImplicit());
  const Expr *Reduction = argNamed(Call, {"reduction"});
  if (!Reduction || isa<CXXDefaultArgExpr>(Reduction->IgnoreImplicit()))
    return true;
  Expr::EvalResult R;
  if (Reduction->isValueDependent() || !Reduction->EvaluateAsInt(R, Ctx))
    return false;
  llvm::APSInt V = R.Val.getInt();
  return V == 1 || V == 2;
}

std::optional<unsigned> dimImpl(const Expr *E, UseIndex &Uses, unsigned Depth) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = ignoreWrappers(E);
  if (const VarDecl *V = localVarOf(E)) {
    if (isa<ParmVarDecl>(V) || !V->getInit() || V->getType()->isReferenceType())
      return std::nullopt;
    const VariableUses *U = Uses.of(V);
    if (!U || U->Escapes)
      return std::nullopt;
    std::optional<unsigned> Dim = dimImpl(V->getInit(), Uses, Depth + 1);
    if (!Dim)
      return std::nullopt;
    for (const Expr *RHS : U->Assigned)
      if (dimImpl(RHS, Uses, Depth + 1) != Dim)
        return std::nullopt;
    for (const Expr *Change : U->InPlace)
      if (const FunctionDecl *FD = calleeOf(Change);
          FD && FD->getDeclName().isIdentifier() &&
          changesDimInPlace(FD->getName()))
        return std::nullopt;
    return Dim;
  }
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = Call ? calleeOf(Call) : nullptr;
  if (!FD || !FD->getDeclName().isIdentifier() || !isInLibTorchNamespace(FD))
    return std::nullopt;
  StringRef Name = FD->getName();
  llvm::ArrayRef<const Expr *> Args = userArgs(Call);
  if (const Expr *Recv = receiverOf(Call)) {
    if (!isTensorType(Recv->getType()))
      return std::nullopt;
    if (isFullReduction(Name) && llvm::all_of(Args, [](const Expr *A) {
          return isa<CXXDefaultArgExpr>(A->IgnoreImplicit());
        }))
      return 0u;
    // Ops that keep the shape of the tensor they are called on.
    if (keepsShape(Name) && llvm::all_of(Args, [](const Expr *A) {
          return isa<CXXDefaultArgExpr>(A->IgnoreImplicit());
        }))
      return dimImpl(Recv, Uses, Depth + 1);
    if (llvm::is_contained({"to", "cuda", "cpu", "clone", "contiguous",
                            "detach", "float", "double", "half", "long", "int",
                            "bool", "pin_memory", "fill_", "zero_", "uniform_",
                            "normal_", "requires_grad_"},
                           Name))
      return dimImpl(Recv, Uses, Depth + 1);
    return std::nullopt;
  }
  if (Name == "scalar_tensor")
    return 0u;
  if (isLossFunction(Name) && reducesToScalar(Call, FD->getASTContext()))
    return 0u;
  // torch::exp(x), torch::sigmoid(x): the shape of x.
  if (keepsShape(Name) && !Args.empty() &&
      llvm::all_of(Args.drop_front(),
                   [](const Expr *A) {
                     return isa<CXXDefaultArgExpr>(A->IgnoreImplicit());
                   }) &&
      isTensorType(Args[0]->getType()))
    return dimImpl(Args[0], Uses, Depth + 1);
  if (Name == "tensor" && !Args.empty()) {
    // torch::tensor(3) is 0-dim; torch::tensor({3}) is 1-D.
    const Expr *A0 = Args[0]->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(A0);
        CE && CE->getNumArgs() == 1 &&
        CE->getArg(0)->IgnoreImplicit()->getType()->isArithmeticType() &&
        !isa<InitListExpr>(CE->getArg(0)->IgnoreImplicit()))
      return 0u;
    return std::nullopt;
  }
  if (llvm::is_contained({"arange", "randperm", "linspace", "logspace"}, Name))
    return 1u;
  if (Name.ends_with("_like") && Call->getNumArgs() >= 1)
    return dimImpl(Call->getArg(0), Uses, Depth + 1);
  if (llvm::is_contained(
          {"zeros", "ones", "empty", "full", "rand", "randn", "randint"},
          Name)) {
    const Expr *Size = argNamed(Call, {"size"});
    if (!Size)
      return std::nullopt;
    llvm::SmallVector<const Expr *, 4> Elems = indexListElements(Size);
    // `zeros({})` is 0-dim, but an empty list is also what a size list not
    // spelled at the call gives.
    if (Elems.empty())
      return std::nullopt;
    return static_cast<unsigned>(Elems.size());
  }
  return std::nullopt;
}

} // namespace

std::optional<unsigned> provenDim(const Expr *E, UseIndex &Uses) {
  return dimImpl(E, Uses, 0);
}

bool isZeroDim(const Expr *E, UseIndex &Uses) {
  return provenDim(E, Uses) == 0u;
}

namespace {

/// Binary ops whose result has the broadcast shape of their operands.
bool isElementwiseBinary(StringRef Name) {
  return llvm::is_contained({"gt",          "lt",          "ge",
                             "le",          "eq",          "ne",
                             "greater",     "less",        "greater_equal",
                             "less_equal",  "not_equal",   "add",
                             "sub",         "mul",         "div",
                             "remainder",   "logical_and", "logical_or",
                             "logical_xor", "bitwise_and", "bitwise_or",
                             "bitwise_xor", "maximum",     "minimum",
                             "pow"},
                            Name);
}

/// Where shape roots are searched: ViaInit is set when the search went
/// through a local variable's initializer, so that the root may be read at
/// another time than the expression that is asked about.
struct RootSearch {
  UseIndex &Uses;
  bool ViaInit = false;
};

/// True when the variable \p V is given one value of one shape in its
/// body: never assigned again, reshaped in place or written by code that is
/// not followed.
bool keepsItsShape(const ValueDecl *V, UseIndex &Uses) {
  const VariableUses *U = Uses.of(V);
  if (!U || U->Escapes || !U->Assigned.empty())
    return false;
  for (const Expr *Change : U->InPlace)
    if (const FunctionDecl *FD = calleeOf(Change);
        !FD || !FD->getDeclName().isIdentifier() ||
        changesDimInPlace(FD->getName()))
      return false;
  return true;
}

/// The variable whose shape \p E is proven to have (see provenSameShape),
/// or null.
const ValueDecl *shapeRoot(const Expr *E, RootSearch &S, unsigned Depth);

/// The shape root of a binary op's result: the root of the tensor operand
/// when the other is a scalar or a 0-dim tensor, or the common root of two
/// operands.
const ValueDecl *binaryRoot(const Expr *L, const Expr *R, RootSearch &S,
                            unsigned Depth) {
  bool LTensor = isTensorType(ignoreWrappers(L)->getType());
  bool RTensor = isTensorType(ignoreWrappers(R)->getType());
  if (LTensor && (!RTensor || isZeroDim(R, S.Uses)))
    return shapeRoot(L, S, Depth + 1);
  if (RTensor && (!LTensor || isZeroDim(L, S.Uses)))
    return shapeRoot(R, S, Depth + 1);
  if (!LTensor || !RTensor)
    return nullptr;
  const ValueDecl *A = shapeRoot(L, S, Depth + 1);
  return A && A == shapeRoot(R, S, Depth + 1) ? A : nullptr;
}

const ValueDecl *shapeRoot(const Expr *E, RootSearch &S, unsigned Depth) {
  if (!E || Depth > 8)
    return nullptr;
  E = ignoreWrappers(E);
  // `*p` and `p->`: the tensor p points to.
  if (const auto *Deref = dyn_cast<UnaryOperator>(E);
      Deref && Deref->getOpcode() == UO_Deref)
    E = ignoreWrappers(Deref->getSubExpr());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    QualType T = E->getType();
    if (T->isPointerType())
      T = T->getPointeeType();
    if (!V || !isTensorType(T))
      return nullptr;
    // A local mask made from a tensor: its value where it is used is its
    // initializer's when it is never given another.
    if (!isa<ParmVarDecl>(V) && V->hasLocalStorage() && V->getInit() &&
        !V->getType()->isReferenceType() && !V->getType()->isPointerType() &&
        keepsItsShape(V, S.Uses)) {
      bool Outer = S.ViaInit;
      S.ViaInit = true;
      if (const ValueDecl *Inner = shapeRoot(V->getInit(), S, Depth + 1))
        return Inner;
      S.ViaInit = Outer;
    }
    return V;
  }
  if (!isTensorType(E->getType()))
    return nullptr;
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = Call ? calleeOf(Call) : nullptr;
  if (!FD || !isInLibTorchNamespace(FD))
    return nullptr;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
    if (Op->getNumArgs() == 1 &&
        llvm::is_contained({OO_Tilde, OO_Minus, OO_Exclaim}, Op->getOperator()))
      return shapeRoot(Op->getArg(0), S, Depth + 1);
    if (Op->getNumArgs() == 2 &&
        (Op->isComparisonOp() ||
         llvm::is_contained(
             {OO_Plus, OO_Minus, OO_Star, OO_Slash, OO_Amp, OO_Pipe, OO_Caret},
             Op->getOperator())))
      return binaryRoot(Op->getArg(0), Op->getArg(1), S, Depth);
    return nullptr;
  }
  if (!FD->getDeclName().isIdentifier())
    return nullptr;
  StringRef Name = FD->getName();
  llvm::ArrayRef<const Expr *> Args = userArgs(Call);
  auto Written = [](llvm::ArrayRef<const Expr *> As) {
    unsigned N = 0;
    for (const Expr *A : As)
      N += !isa<CXXDefaultArgExpr>(A->IgnoreImplicit());
    return N;
  };
  if (const Expr *Recv = receiverOf(Call)) {
    if (keepsShape(Name))
      return shapeRoot(Recv, S, Depth + 1);
    if (isElementwiseBinary(Name) && Written(Args) == 1)
      return binaryRoot(Recv, Args[0], S, Depth);
    return nullptr;
  }
  // torch::isnan(x), torch::gt(x, 0), torch::logical_and(a, b)
  if (keepsShape(Name) && !Args.empty() && Written(Args.drop_front()) == 0)
    return shapeRoot(Args[0], S, Depth + 1);
  if (isElementwiseBinary(Name) && Args.size() >= 2 &&
      Written(Args.drop_front(2)) == 0)
    return binaryRoot(Args[0], Args[1], S, Depth);
  return nullptr;
}

} // namespace

bool provenSameShape(const Expr *A, const Expr *B, UseIndex &Uses) {
  RootSearch SA{Uses}, SB{Uses};
  const ValueDecl *RA = shapeRoot(A, SA, 0);
  if (!RA || RA != shapeRoot(B, SB, 0))
    return false;
  // Read in one expression, the root has one value; read through a local
  // variable made earlier, it must have kept its shape since.
  return (!SA.ViaInit && !SB.ViaInit) || keepsItsShape(RA, Uses);
}

} // namespace clang::tidy::torchsync
