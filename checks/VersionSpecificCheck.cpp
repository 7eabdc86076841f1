//===--- VersionSpecificCheck.cpp - torchsync-version-specific ------------===//
//
// Some ops read a value on the host only in some LibTorch releases (catalog
// section 2, "Behaviour changes between 1.13 and 2.6"). 1.13 validates
// multinomial's probabilities with item() (E5), reads fill_'s tensor value
// with item() (E14) and bounds accumulate index_put_'s indices with
// max().item() / min().item() (D8); 2.6 does none of these. normal with a
// tensor std reads std.min() on the host in both (E6). The check reports a
// call only when the parsed LibTorch version is known to have the sync.
//
//===----------------------------------------------------------------------===//

#include "VersionSpecificCheck.h"
#include "utils/CallArgs.h"
#include "utils/Dtypes.h"
#include "utils/FixIts.h"
#include "utils/HostReads.h"
#include "utils/TorchApi.h"
#include "utils/UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";

namespace {

/// How the call is named in the message: `fill_()` for a method, else the
/// qualifier the user wrote (`torch::` or `at::`) and the name.
std::string apiName(const CallExpr *Call) {
  const FunctionDecl *FD = calleeOf(Call);
  std::string Name = FD->getNameAsString();
  if (receiverOf(Call))
    return Name + "()";
  const auto *DRE =
      dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (DRE && DRE->getQualifier())
    if (const NamespaceDecl *NS = DRE->getQualifier()->getAsNamespace())
      if (NS->getName() == "torch")
        return "torch::" + Name + "()";
  return "at::" + Name + "()";
}

/// The expression a value stands for: itself, or the initializer of a
/// const local variable (which cannot be reassigned).
const Expr *definingExpr(const Expr *E) {
  E = ignoreWrappers(E);
  if (const VarDecl *V = localVarOf(E))
    if (V->getType().isConstQualified() && V->getInit() &&
        !V->getType()->isReferenceType())
      return ignoreWrappers(V->getInit());
  return E;
}

/// True when \p Value is a fresh 0-dim tensor on the same device as
/// \p Self (a local variable): a full reduction of \p Self such as
/// `t.max()` / `t.sum()`, or `at::scalar_tensor(v, t.options())`.
bool isFreshScalarOnSameDevice(const Expr *Value, const Expr *Self) {
  const VarDecl *SelfVar = localVarOf(Self);
  if (!SelfVar)
    return false;
  const auto *Call = dyn_cast_or_null<CallExpr>(definingExpr(Value));
  const FunctionDecl *FD = Call ? calleeOf(Call) : nullptr;
  if (!FD || !FD->getDeclName().isIdentifier())
    return false;
  std::string Q = qualifiedName(FD);
  auto AllDefaulted = [&] {
    for (const Expr *A : userArgs(Call))
      if (!isa<CXXDefaultArgExpr>(A))
        return false;
    return true;
  };
  if (StringRef(Q).starts_with("at::Tensor::") &&
      llvm::is_contained({"sum", "mean", "max", "min", "prod", "norm"},
                         FD->getName()) &&
      AllDefaulted())
    return localVarOf(receiverOf(Call)) == SelfVar;
  if (Q == "at::scalar_tensor" && Call->getNumArgs() >= 2) {
    const auto *Opts = dyn_cast<CallExpr>(ignoreWrappers(Call->getArg(1)));
    const FunctionDecl *OF = Opts ? calleeOf(Opts) : nullptr;
    return OF && qualifiedName(OF) == "at::TensorBase::options" &&
           localVarOf(receiverOf(Opts)) == SelfVar;
  }
  return false;
}

/// The tensors of a braced index list such as `{idx}` or `{rows, cols}`,
/// or an empty list when one element is not a plain tensor.
llvm::SmallVector<const Expr *, 4> indexTensors(const Expr *List) {
  llvm::SmallVector<const Expr *, 4> Elems = indexListElements(List);
  if (!llvm::all_of(Elems,
                    [](const Expr *E) { return isTensorType(E->getType()); }))
    return {};
  return Elems;
}

} // namespace

VersionSpecificCheck::VersionSpecificCheck(StringRef Name,
                                           ClangTidyContext *Context)
    : TorchSyncCheck(Name, Context) {}

void VersionSpecificCheck::registerCheckMatchers(MatchFinder *Finder) {
  // at::multinomial(p, n), p.multinomial(n, /*replacement=*/false),
  // at::normal(mean, std_tensor), at::normal(0.0, std_tensor),
  // t.fill_(value_tensor),
  // t.index_put_({idx}, v, /*accumulate=*/true), at::index_put(t, {idx}, v,
  // true)
  Finder->addMatcher(
      callExpr(isExpansionInUserCode(),
               callee(functionDecl(hasAnyName(
                   "::at::multinomial", "::at::Tensor::multinomial",
                   "::at::multinomial_out", "::at::multinomial_outf",
                   "::at::normal", "::at::normal_out", "::at::normal_outf",
                   "::at::Tensor::fill_", "::at::fill_",
                   "::at::Tensor::index_put_", "::at::Tensor::index_put",
                   "::at::index_put_", "::at::index_put"))))
          .bind(CallId),
      this);
}

void VersionSpecificCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  ASTContext &Ctx = *Result.Context;
  const FunctionDecl *FD = calleeOf(Call);
  if (!Call || !FD || !FD->getDeclName().isIdentifier())
    return;
  TorchVersion V = Sync.version();
  if (!V.isKnown())
    return;
  // The 1.13 syncs are gone in 2.6; the release in between that dropped
  // each one is not verified, so only 1.x is reported.
  bool Has113Syncs = V.before(2, 0);
  StringRef Name = FD->getName();
  const Expr *Self = receiverOf(Call);
  if (!Self)
    Self = argNamed(Call, {"self"});
  DeviceInference &Devices = Sync.devices(Ctx);
  std::string Api = apiName(Call);
  SourceLocation Loc = Call->getExprLoc();

  if (Name.starts_with("multinomial")) {
    // E5: 1.13 validates the probabilities without replacement or for one
    // sample; with replacement and n > 1 it does not.
    if (!Has113Syncs || !Self)
      return;
    std::optional<double> Replacement =
        constantValue(argNamed(Call, {"replacement"}), Ctx);
    std::optional<double> N = constantValue(argNamed(Call, {"n_sample"}), Ctx);
    if (!N)
      N = constantValue(argNamed(Call, {"num_samples"}), Ctx);
    if (!(Replacement && *Replacement == 0) && !(N && *N == 1))
      return;
    Device D = Devices.ofTensor(Self);
    if (D == Device::CPU || !Sync.reportsDevice(D))
      return;
    std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
    if (!Hot)
      return;
    std::string IfCuda = ifCuda(Self, D, Ctx); // Before the warning starts.
    SyncReport Report = reportSync(*Hot);
    Report.warning(Loc, "'%0' %1 waits for the GPU to validate the "
                        "probabilities in LibTorch 1.x%2; sample with Gumbel "
                        "top-k, 'std::get<1>((p.log() - "
                        "at::log(-at::log(at::rand_like(p)))).topk(n))' (a "
                        "different random stream), or use LibTorch 2.x")
        << Api
        << (Replacement && *Replacement == 0 ? "without replacement"
                                             : "drawing one sample")
        << IfCuda;
    Report.waitsIn(memcpyAndSyncAfter("(max < inf & min >= 0).item() and "
                                      "(sum == 0).item() in multinomial_out"));
    return;
  }

  if (Name.starts_with("normal")) {
    // E6: a tensor std is checked with std.min().ge(0).item<bool>() in
    // every verified release (1.13 and 2.6).
    const Expr *Std = argNamed(Call, {"std"});
    if (!Std || !isTensorType(Std->getType()))
      return;
    Device D = Devices.ofTensor(Std);
    if (D == Device::CPU || !Sync.reportsDevice(D))
      return;
    std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
    if (!Hot)
      return;
    std::string IfCuda = ifCuda(Std, D, Ctx); // Before the warning starts.
    SyncReport Report = reportSync(*Hot);
    Report.warning(Loc, "'%0' with a tensor std waits for the GPU to check "
                        "std >= 0%1; use 'mean + std * at::randn_like(std)' "
                        "(the same distribution, other random values, no "
                        "check)")
        << Api << IfCuda;
    Report.waitsIn(memcpyAndSyncAfter(
        "std.min().ge(0).item<bool>() in CHECK_NORMAL_TENSOR_STD"));
    return;
  }

  if (Name == "fill_") {
    // E14: 1.13 reads a tensor value with value.item(); 2.6 copies it on
    // the same device.
    const Expr *Value = argNamed(Call, {"value"});
    if (!Has113Syncs || !Self || !Value || !isTensorType(Value->getType()))
      return;
    Device D = Devices.ofTensor(Value);
    if (D == Device::CPU || !Sync.reportsDevice(D))
      return; // item() of a CPU tensor reads host memory.
    std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
    if (!Hot)
      return;
    // copy_ of a 0-dim tensor on the same device broadcasts the same value
    // and casts the same way, without the read; it is what 2.6 does. A
    // fresh value (a reduction of the tensor itself) cannot alias it.
    std::optional<FixItHint> Fix;
    const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
    const auto *ME =
        MC ? dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()) : nullptr;
    if (ME && isFreshScalarOnSameDevice(Value, Self) && isFixable(Call, Ctx))
      Fix = replaceTokens(ME->getMemberLoc(), "copy_", Ctx);
    {
      // Before the warning.
      std::string IfCuda = ifCuda(Value, D, Ctx, /*Named=*/true);
      SyncReport Report = reportSync(*Hot);
      Report.warning(Loc, "'%0' with a tensor value waits for the GPU to read "
                          "%1 in LibTorch 1.x%2; use 'copy_' of the same "
                          "value, which broadcasts it on the device (as "
                          "LibTorch 2.x does)")
          << Api << describeTensor(Value, D, Ctx) << IfCuda;
      Report.waitsIn(memcpyAndSyncAfter("value.item() in fill_"));
      Report.fix(Fix);
    }
    return;
  }

  if (Name.starts_with("index_put")) {
    // D8: 1.13 bounds-checks long indices of an accumulating index_put_ on
    // the host (wrapIndexOnce: index.max().item() / index.min().item()).
    if (!Has113Syncs || !Self)
      return;
    std::optional<double> Accumulate =
        constantValue(argNamed(Call, {"accumulate"}), Ctx);
    if (!Accumulate || *Accumulate == 0)
      return;
    const Expr *List = argNamed(Call, {"indices"});
    llvm::SmallVector<const Expr *, 4> Indices =
        List ? indexTensors(List) : llvm::SmallVector<const Expr *, 4>{};
    if (Indices.empty())
      return;
    Device SelfDev = Devices.ofTensor(Self);
    if (SelfDev == Device::CPU)
      return;
    // Long indices only (a bool mask is dynamic-shape's), and none proven
    // on the CPU (a CPU index on a CUDA tensor is cpu-index's).
    for (const Expr *Idx : Indices)
      if (!isProvenIntegerIndex(Idx) || Devices.ofTensor(Idx) == Device::CPU)
        return;
    if (!Sync.reportsDevice(SelfDev))
      return;
    std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
    if (!Hot)
      return;
    std::string IfCuda = ifCuda(Self, SelfDev, Ctx); // Before the warning.
    SyncReport Report = reportSync(*Hot);
    Report.warning(Loc, "'%0' with accumulate=true waits for the GPU to "
                        "bounds-check its indices in LibTorch 1.x%1; use "
                        "'index_add_' for one 1-D index, or LibTorch 2.x, "
                        "which checks on the device")
        << Api << IfCuda;
    Report.waitsIn(memcpyAndSyncAfter(
        "index.max().item() and index.min().item() in wrapIndexOnce"));
    if (Indices.size() == 1)
      Report.note(Loc, "'" + exprText(Self, Ctx) + ".index_add_(0, " +
                           exprText(Indices.front(), Ctx) +
                           ", values)' adds the same values without the host "
                           "read, but in a non-deterministic order, needs "
                           "'values' of the indexed shape (no broadcasting), "
                           "and an out-of-range index becomes a device assert "
                           "instead of an IndexError");
    return;
  }
}

} // namespace clang::tidy::torchsync
