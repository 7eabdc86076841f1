//===--- HiddenHostReadCheck.cpp - torchsync-hidden-host-read -------------===//
//
// Ops whose signature shows no host read, but whose implementation reads a
// CUDA value on the host (sync-catalog.md section E and F2):
//  - searchsorted with a sorter checks the sorter's range with item() (E8);
//  - segment_reduce with lengths and unsafe=false validates them (E9);
//  - mode on CUDA falls back to a thrust sort and a memcpy_and_sync per
//    slice when a slice is longer than 2048 elements (E18);
//  - cross_entropy with class weights, label smoothing and mean reduction
//    sums the target weights after a masked_select (E19);
//  - linspace / logspace with tensor endpoints read them with item() (E21,
//    LibTorch 2.x; 1.13 has no such overloads);
//  - LBFGS::step reads the loss and several values with item() (F2).
//
// Each read ends in c10::cuda::memcpy_and_sync (cudaMemcpyAsync +
// cudaStreamSynchronize), like an item() the user wrote.
//
//===----------------------------------------------------------------------===//

#include "HiddenHostReadCheck.h"
#include "utils/CallArgs.h"
#include "utils/Dtypes.h"
#include "utils/HostReads.h"
#include "utils/LoopInvariance.h"
#include "utils/TorchApi.h"
#include "utils/UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";

HiddenHostReadCheck::HiddenHostReadCheck(StringRef Name,
                                         ClangTidyContext *Context)
    : TorchSyncCheck(Name, Context) {}

void HiddenHostReadCheck::registerCheckMatchers(MatchFinder *Finder) {
  // torch::searchsorted(seq, v, false, false, c10::nullopt, sorter),
  // torch::segment_reduce(data, "sum", lengths), t.mode(1), torch::mode(t),
  // at::cross_entropy_loss(x, y, w, Mean, -100, 0.1),
  // F::cross_entropy(x, y, F::CrossEntropyFuncOptions().weight(w)...),
  // torch::linspace(start_t, end_t, n), lbfgs.step(closure)
  Finder->addMatcher(
      callExpr(isExpansionInUserCode(),
               callee(functionDecl(hasAnyName(
                   "::at::searchsorted", "::at::segment_reduce", "::at::mode",
                   "::at::Tensor::mode", "::at::cross_entropy_loss",
                   "::torch::nn::functional::cross_entropy", "::at::linspace",
                   "::at::logspace", "::torch::linspace", "::torch::logspace",
                   "::torch::optim::LBFGS::step"))))
          .bind(CallId),
      this);
}

namespace {
enum class HiddenRead {
  Searchsorted,
  SegmentReduce,
  Mode,
  CrossEntropy,
  Linspace,
  Lbfgs
};

/// A call that reads a value on the host inside the op, and the tensor
/// whose device decides whether that read waits for the GPU.
struct Finding {
  HiddenRead Kind;
  const Expr *Tensor = nullptr;
  std::string Api;
};

/// The cross_entropy settings that decide whether it syncs.
struct LossSettings {
  const Expr *Weight = nullptr; ///< A weight is given (not `{}`).
  bool MaybeSmoothed = false;   ///< label_smoothing may be > 0.
  bool MaybeMean = true;        ///< reduction may be Mean.
};
} // namespace

/// True when an optional tensor argument is given: not defaulted, not
/// `{}` / nullopt.
static const Expr *givenTensor(const Expr *Arg) {
  if (!Arg || isa<CXXDefaultArgExpr>(Arg) || isNullopt(Arg))
    return nullptr;
  const Expr *E = stripValueWrappers(Arg);
  if (!isTensorType(E->getType()))
    return nullptr;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E); CE && !CE->getNumArgs())
    return nullptr; // Tensor(): undefined.
  return E;
}

/// False only when \p E is a constant that is not positive.
static bool maybePositive(const Expr *E, const ASTContext &Ctx) {
  std::optional<double> V = constantValue(E, Ctx);
  return !V || *V > 0;
}

/// False only when \p E names a reduction that is not Mean: the constant
/// `at::Reduction::Sum` / `None` (0 or 2), or `torch::kSum` / `kNone`.
static bool maybeMean(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return true;
  if (std::optional<double> V = constantValue(E, Ctx))
    return *V == 1; // at::Reduction::Mean
  const Expr *S = stripValueWrappers(E);
  for (unsigned I = 0; I < 4; ++I)
    if (const auto *CE = dyn_cast<CXXConstructExpr>(S); CE && CE->getNumArgs())
      S = stripValueWrappers(CE->getArg(0));
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S->IgnoreParenImpCasts()))
    return !llvm::is_contained({"kSum", "kNone"}, DRE->getDecl()->getName());
  return true;
}

/// Reads a `CrossEntropyFuncOptions().weight(w).label_smoothing(0.1)`
/// chain, through a local variable that is never changed after its
/// initializer. Nullopt when the options come from elsewhere.
static std::optional<LossSettings>
readLossOptions(const Expr *E, ASTContext &Ctx, unsigned Depth = 0) {
  if (!E || Depth > 4)
    return std::nullopt;
  if (isa<CXXDefaultArgExpr>(E))
    return LossSettings{};
  E = ignoreWrappers(E);
  // `auto opts = Options().weight(w);` copies the builder's result.
  if (const auto *Copy = dyn_cast<CXXConstructExpr>(E);
      Copy && Copy->getNumArgs() == 1 &&
      Copy->getConstructor()->isCopyOrMoveConstructor())
    E = ignoreWrappers(Copy->getArg(0));
  llvm::SmallVector<const CXXMemberCallExpr *, 4> Chain; // Outermost first.
  while (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    Chain.push_back(MC);
    E = ignoreWrappers(MC->getImplicitObjectArgument());
  }
  LossSettings S;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    const auto *Owner =
        V ? dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod())
          : nullptr;
    if (!V || !V->isLocalVarDecl() || !V->getInit() || !Owner ||
        !Owner->getBody())
      return std::nullopt;
    RegionUses Uses = scanUses(V, Owner->getBody(), Owner->getBody(), Ctx);
    if (Uses.WrittenInRegion || Uses.Aliased)
      return std::nullopt;
    std::optional<LossSettings> Base =
        readLossOptions(V->getInit(), Ctx, Depth + 1);
    if (!Base)
      return std::nullopt;
    S = *Base;
  } else if (!isa<CXXConstructExpr>(E)) {
    return std::nullopt;
  }
  // Apply the builder calls in the order they run: innermost first.
  for (const CXXMemberCallExpr *MC : llvm::reverse(Chain)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!MD || MC->getNumArgs() != 1)
      return std::nullopt; // Not a builder call.
    StringRef Name = MD->getName();
    if (Name == "weight")
      S.Weight = givenTensor(MC->getArg(0));
    else if (Name == "label_smoothing")
      S.MaybeSmoothed = maybePositive(MC->getArg(0), Ctx);
    else if (Name == "reduction")
      S.MaybeMean = maybeMean(MC->getArg(0), Ctx);
  }
  return S;
}

/// Classifies a matched call, or nullopt when it does not read on the host.
static std::optional<Finding> classify(const CallExpr *Call, ASTContext &Ctx) {
  const FunctionDecl *FD = calleeOf(Call);
  if (!FD)
    return std::nullopt;
  std::string Qualified = qualifiedName(FD);
  StringRef Name = FD->getName();
  Finding F;
  F.Api = calledAs(Call, Ctx);
  if (Name == "searchsorted") {
    // E8: the sorter's range is checked with aminmax() and item().
    F.Kind = HiddenRead::Searchsorted;
    F.Tensor = givenTensor(argNamed(Call, {"sorter"}));
    if (!F.Tensor)
      return std::nullopt;
    return F;
  }
  if (Name == "segment_reduce") {
    // E9: lengths are validated unless unsafe=true.
    F.Kind = HiddenRead::SegmentReduce;
    F.Tensor = givenTensor(argNamed(Call, {"lengths"}));
    std::optional<double> Unsafe =
        constantValue(argNamed(Call, {"unsafe"}), Ctx);
    if (!F.Tensor || !Unsafe || *Unsafe != 0)
      return std::nullopt;
    return F;
  }
  if (Name == "mode") {
    F.Kind = HiddenRead::Mode;
    F.Tensor = inputTensor(Call);
    return F.Tensor ? std::optional<Finding>(F) : std::nullopt;
  }
  if (Name == "cross_entropy_loss" || Name == "cross_entropy") {
    // E19: weight given, label_smoothing > 0, mean reduction.
    F.Kind = HiddenRead::CrossEntropy;
    F.Tensor = inputTensor(Call);
    LossSettings S;
    if (Name == "cross_entropy_loss") {
      S.Weight = givenTensor(argNamed(Call, {"weight"}));
      S.MaybeSmoothed = maybePositive(argNamed(Call, {"label_smoothing"}), Ctx);
      S.MaybeMean = maybeMean(argNamed(Call, {"reduction"}), Ctx);
    } else {
      std::optional<LossSettings> Read =
          readLossOptions(argNamed(Call, {"options"}), Ctx);
      if (!Read)
        return std::nullopt;
      S = *Read;
    }
    if (!S.Weight || !S.MaybeSmoothed || !S.MaybeMean || !F.Tensor)
      return std::nullopt;
    return F;
  }
  if (Name == "linspace" || Name == "logspace") {
    // E21 (2.x): a tensor endpoint is read with item(); the first one on
    // CUDA decides.
    F.Kind = HiddenRead::Linspace;
    for (const Expr *A : {argNamed(Call, {"start"}), argNamed(Call, {"end"})})
      if (A && isTensorType(ignoreWrappers(A)->getType()) && !F.Tensor)
        F.Tensor = ignoreWrappers(A);
    return F.Tensor ? std::optional<Finding>(F) : std::nullopt;
  }
  if (Qualified == "torch::optim::LBFGS::step") {
    F.Kind = HiddenRead::Lbfgs;
    F.Tensor = receiverOf(Call);
    return F;
  }
  return std::nullopt;
}

/// The device that decides whether the read waits: the tensor's, or for
/// LBFGS the device of the parameters it was built with.
static Device deviceOf(const Finding &F, DeviceInference &DI) {
  if (F.Kind != HiddenRead::Lbfgs)
    return DI.ofTensor(F.Tensor);
  // torch::optim::LBFGS opt(model->parameters(), opts); opt.step(closure)
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(F.Tensor));
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  const auto *Ctor =
      V ? dyn_cast_or_null<CXXConstructExpr>(
              V->getInit() ? V->getInit()->IgnoreImplicit() : nullptr)
        : nullptr;
  if (!Ctor || !Ctor->getNumArgs())
    return Device::Unknown;
  return DI.ofTensorList(Ctor->getArg(0));
}

namespace {
struct Description {
  std::string What;    ///< What the host waits to read.
  std::string Where;   ///< Where in the op's source it reads it.
  std::string Instead; ///< The sync-free alternative.
};
} // namespace

static Description describe(const Finding &F, Device D, const ASTContext &Ctx) {
  std::string Tensor = describeTensor(F.Tensor, D, Ctx);
  switch (F.Kind) {
  case HiddenRead::Searchsorted:
    return {"with a sorter waits for the GPU to check the range of " + Tensor,
            "sorter.aminmax() and item() in searchsorted_pre_check",
            "search the sequence in sorted order, "
            "'searchsorted(sorted.gather(-1, sorter), v)', which gives the "
            "same indices without the check"};
  case HiddenRead::SegmentReduce:
    return {"waits for the GPU to validate lengths " + Tensor,
            "lengths.min().item() and a sum check in segment_reduce_kernel",
            "pass unsafe=true once the lengths are known to be valid"};
  case HiddenRead::Mode:
    return {"on " + Tensor +
                " waits for the GPU once per slice longer than 2048 elements "
                "(a thrust sort whose result is copied to the host)",
            "calculate_mode, once per slice",
            "use slices of at most 2048 elements, which one kernel handles "
            "on the device"};
  case HiddenRead::CrossEntropy:
    return {"with class weights, label smoothing and mean reduction waits "
            "for the GPU to select the non-ignored targets of " +
                Tensor,
            "masked_select in cross_entropy_loss_label_smoothing",
            "compute the smoothing term by hand and divide by "
            "'weight.gather(0, target.masked_fill(ignored, 0)).masked_fill("
            "ignored, 0).sum()', which stays on the device"};
  case HiddenRead::Linspace:
    return {"with a tensor endpoint waits for the GPU to read " + Tensor,
            "start.item() and end.item() in linspace",
            "use 'start + (end - start) * at::arange(steps, start.options()) "
            "/ (steps - 1)', which stays on the device (rounding may differ "
            "in the last bit)"};
  case HiddenRead::Lbfgs:
    return {"of torch::optim::LBFGS waits for the GPU to read the loss and "
            "its line-search values several times per step",
            "item<double>() in lbfgs.cpp",
            "use an optimizer that keeps its state on the device, such as "
            "SGD or Adam, in hot loops"};
  }
  llvm_unreachable("unknown hidden read");
}

void HiddenHostReadCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  ASTContext &Ctx = *Result.Context;
  if (!Call)
    return;
  std::optional<Finding> F = classify(Call, Ctx);
  if (!F)
    return;
  Device D = deviceOf(*F, Sync.devices(Ctx));
  if (D == Device::CPU || !Sync.reportsDevice(D))
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
  if (!Hot)
    return;
  Description Desc = describe(*F, D, Ctx);
  std::string Condition = F->Kind == HiddenRead::Lbfgs
                              ? ifCudaTensors("its parameters", D)
                              : ifCuda(F->Tensor, D, Ctx, /*Named=*/true);
  SyncReport Report = reportSync(*Hot);
  Report.warning(Call->getExprLoc(), "'%0' %1%2; %3")
      << F->Api << Desc.What << Condition << Desc.Instead;
  Report.waitsIn(memcpyAndSyncAfter(Desc.Where));
}

} // namespace clang::tidy::torchsync
