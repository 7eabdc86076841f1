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

} // namespace clang::tidy::torchsync
