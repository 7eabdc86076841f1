//===--- HostReadCheck.cpp - torchsync-host-read --------------------------===//

#include "HostReadCheck.h"
#include "utils/CallArgs.h"
#include "utils/DeviceAccumulators.h"
#include "utils/Dtypes.h"
#include "utils/FixIts.h"
#include "utils/HostReads.h"
#include "utils/LoopInvariance.h"
#include "utils/OpTable.h"
#include "utils/SharedAnalyses.h"
#include "utils/Templates.h"
#include "utils/TorchApi.h"
#include "utils/UserCode.h"
#include "utils/VariableUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";
static constexpr char TableCallId[] = "tableCall";

HostReadCheck::HostReadCheck(StringRef Name, ClangTidyContext *Context)
    : TorchSyncCheck(Name, Context),
      ControlFlowCheckEnabled(
          Context->isCheckEnabled("torchsync-sync-control-flow")) {}

void HostReadCheck::registerCheckMatchers(MatchFinder *Finder) {
  // loss.item<float>(), x.is_nonzero(), a.equal(b), at::allclose(a, b),
  // std::cout << x, at::print(x), t[idx_tensor], t.index({zero_dim}),
  // torch::save(x, "x.pt")
  Finder->addMatcher(hostReadCandidate(CallId), this);
  // Any other call of LibTorch's that is a spelling of an operator whose
  // row in the operator table (OpTable.h) this check reports
  // (at::_ops::_local_scalar_dense::call(x), at::_ops::equal::call(a, b)):
  // a new row needs no matcher.
  Finder->addMatcher(callExpr(isExpansionInUserCode(),
                              callee(functionDecl(isLibTorchFunction())),
                              unless(hostReadCandidate(CallId)))
                         .bind(TableCallId),
                     this);
}

/// A call that is a spelling of an operator the operator table says reads
/// a value on the host and this check reports, which no matcher of the
/// check names: reported by the operator it runs.
void HostReadCheck::checkTableCall(const CallExpr *Call, ASTContext &Ctx) {
  std::optional<OpWait> W =
      waitingOp(Call, "host-read", SharedAnalyses::of(Ctx).ops(), Ctx);
  if (!W || !W->Tensor)
    return;
  if (ControlFlowCheckEnabled && HotPathAnalysis::isInCondition(Call, Ctx))
    return;
  DeviceInference &Devices = Sync.devices(Ctx);
  Device D = Devices.ofTensor(W->Tensor);
  if (!Sync.reportsDevice(D))
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
  if (!Hot)
    return;
  // The condition is complete before the warning starts (TorchSyncCheck.h).
  std::string IfCuda = ifCuda(W->Tensor, D, Ctx, /*Named=*/true);
  SyncReport Report = reportSync(*Hot);
  Report.warning(Call->getExprLoc(),
                 "'%0' runs %1, which waits for the GPU to read %2 on the "
                 "host%3; keep the value on the device or read it less often "
                 "(sync-catalog row %4)")
      << calledAs(Call, Ctx) << W->Fact->Name
      << describeTensor(W->Tensor, D, Ctx) << IfCuda << W->Fact->Row;
  Report.waitsIn(HostReadCudaPath);
}

/// What the host read does, and what to do instead; \p Accumulates when
/// the value is added to a running sum that the fix keeps on the device,
/// \p Periodic when the read is made once every N iterations already.
static std::pair<std::string, std::string> describe(const HostRead &R, Device D,
                                                    bool Accumulates,
                                                    bool Periodic,
                                                    const ASTContext &Ctx) {
  std::string Tensor = describeTensor(R.Tensor, D, Ctx);
  switch (R.Kind) {
  case HostReadKind::Item:
    return {"waits for the GPU to read " + Tensor,
            Accumulates ? "add it up on the device and read the sum once "
                          "after the loop"
            : Periodic  ? "it is read once every N steps already: read it less "
                          "often or keep it on the device"
                        : "keep it on the device or read it every N steps"};
  case HostReadKind::IsNonzero:
    return {"waits for the GPU to read " + Tensor + " as a bool",
            "keep the condition on the device (torch::where, "
            "at::_assert_async)"};
  case HostReadKind::Equal:
    return {"waits for the GPU to compare " + Tensor,
            "use 'at::eq(a, b).all()', a bool tensor that stays on the "
            "device"};
  case HostReadKind::Allclose:
    return {"waits for the GPU to compare " + Tensor,
            "use 'at::isclose(a, b).all()', a bool tensor that stays on the "
            "device"};
  case HostReadKind::Print:
    return {"waits for the GPU to copy " + Tensor + " to the host to print it",
            "print sizes() or toString(), or print less often"};
  case HostReadKind::TensorIndex:
  case HostReadKind::ZeroDimIndex: {
    std::string Index = exprText(R.Tensor, Ctx);
    return {
        "waits for the GPU to read " +
            std::string(D == Device::CUDA ? "CUDA tensor index '" : "index '") +
            Index + "'",
        "index on the device with 'index_select(0, " + Index +
            ".reshape({1})).squeeze(0)'"};
  }
  case HostReadKind::Save:
    return {"waits for the GPU to copy " + Tensor + " to the host",
            "save outside the loop or less often"};
  case HostReadKind::SaveState:
    return {"waits for the GPU to copy " + R.Subject + " to the host",
            "checkpoint outside the loop or less often"};
  }
  llvm_unreachable("unknown host read");
}

/// `t[idx]` / `t.index({idx})` -> `t.index_select(0,
/// idx.reshape({1})).squeeze(0)` True when \p E may be a bool tensor (a
/// comparison or an all/any reduction): index_select rejects bool indices.
static bool mayBeBoolTensor(const Expr *E) {
  E = ignoreWrappers(E);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    return OC->isComparisonOp() || OC->getOperator() == OO_Exclaim ||
           OC->getOperator() == OO_Tilde || OC->getOperator() == OO_AmpAmp ||
           OC->getOperator() == OO_PipePipe;
  if (const FunctionDecl *FD = calleeOf(E);
      FD && FD->getDeclName().isIdentifier())
    return llvm::is_contained({"all", "any", "eq", "ne", "lt", "le", "gt", "ge",
                               "isfinite", "isnan", "isinf", "logical_not",
                               "logical_and", "logical_or", "logical_xor",
                               "is_nonzero", "to"},
                              FD->getName());
  return false;
}

/// True when \p E is proven to hold long or int indices: an arg-reduction
/// or another op that returns long indices, or a local variable only ever
/// given one of those.
static bool holdsIntegerIndices(const Expr *E, UseIndex &Uses,
                                unsigned Depth = 0) {
  if (!E || Depth > 4)
    return false;
  if (isProvenIntegerIndex(E))
    return true;
  E = ignoreWrappers(E);
  if (const VarDecl *V = localVarOf(E)) {
    const VariableUses *U = Uses.of(V);
    return !isa<ParmVarDecl>(V) && V->getInit() &&
           !V->getType()->isReferenceType() && U && !U->Escapes &&
           U->Assigned.empty() &&
           holdsIntegerIndices(V->getInit(), Uses, Depth + 1);
  }
  const FunctionDecl *FD = calleeOf(E);
  return FD && FD->getDeclName().isIdentifier() && isInLibTorchNamespace(FD) &&
         llvm::is_contained(
             {"argmax", "argmin", "argsort", "randint", "randperm"},
             FD->getName());
}

/// Why the index_select rewrite of \p R is not offered, when its form
/// allows one but the analysis does not show that it is well-formed.
namespace {
enum class IndexSelectProof { Fixable, NoForm, DtypeUnproven, DeviceUnproven };
} // namespace

static std::optional<FixItHint> indexSelectFix(const HostRead &R,
                                               DeviceInference &Devices,
                                               ASTContext &Ctx,
                                               IndexSelectProof &Proof) {
  Proof = IndexSelectProof::NoForm;
  const Expr *Recv = receiverOf(R.Call);
  if (!Recv || !isFixable(R.Call, Ctx) || mayBeBoolTensor(R.Tensor))
    return std::nullopt;
  if (R.Kind == HostReadKind::ZeroDimIndex) {
    // Only the single-index read form `t.index({i})` keeps its meaning.
    const auto *MC = dyn_cast<CXXMemberCallExpr>(R.Call);
    if (!MC || MC->getMethodDecl()->getName() != "index")
      return std::nullopt;
    std::optional<std::string> ArgText =
        sourceText(MC->getArg(0)->getSourceRange(), Ctx);
    std::optional<std::string> IdxText =
        sourceText(R.Tensor->getSourceRange(), Ctx);
    if (!ArgText || !IdxText || *ArgText != "{" + *IdxText + "}")
      return std::nullopt;
  }
  std::optional<std::string> Base = postfixOperandText(Recv, Ctx);
  std::optional<std::string> Index = postfixOperandText(R.Tensor, Ctx);
  if (!Base || !Index)
    return std::nullopt;
  // index_select takes only long or int indices (item<int64_t>() converts
  // any dtype), and an index on the tensor's device (select() reads it on
  // the host from anywhere).
  if (!holdsIntegerIndices(R.Tensor, Devices.uses())) {
    Proof = IndexSelectProof::DtypeUnproven;
    return std::nullopt;
  }
  Device Of = Devices.ofTensor(Recv);
  if (Of != Devices.ofTensor(R.Tensor) ||
      (Of != Device::CUDA && Of != Device::Runtime)) {
    Proof = IndexSelectProof::DeviceUnproven;
    return std::nullopt;
  }
  Proof = IndexSelectProof::Fixable;
  return replaceTokens(
      R.Call->getSourceRange(),
      *Base + ".index_select(0, " + *Index + ".reshape({1})).squeeze(0)", Ctx);
}

void HostReadCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>(TableCallId)) {
    checkTableCall(Call, Ctx);
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  DeviceInference &Devices = Sync.devices(Ctx);
  std::optional<HostRead> Read = asHostRead(Call, Devices, Ctx);
  if (!Read)
    return;
  if (ControlFlowCheckEnabled && HotPathAnalysis::isInCondition(Call, Ctx))
    return;
  Device D = deviceOf(*Read, Devices);
  if (!Sync.reportsDevice(D))
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
  if (!Hot)
    return;

  // A module's or an optimizer's tensors: the device they were moved to
  // names the condition ("if 'device' is CUDA").
  std::string Condition = Read->Kind != HostReadKind::SaveState
                              ? ifCuda(Read->Tensor, D, Ctx, /*Named=*/true)
                          : Read->StateDeviceSpec
                              ? ifCudaDevice(Read->StateDeviceSpec, D, Ctx)
                              : ifCudaTensors("they", D);
  // The running sum on the device for a read of a value with item().
  auto AccumulatorFor =
      [&](const HostRead &R) -> std::optional<DeviceAccumulator> {
    if (R.Kind != HostReadKind::Item)
      return std::nullopt;
    return deviceAccumulator(
        R.Call, itemValue(R.Call, Ctx), Devices.uses(),
        [&](const Stmt *Loop) { return Sync.hotReason(Loop, Ctx).has_value(); },
        Ctx);
  };
  std::optional<DeviceAccumulator> Acc = AccumulatorFor(*Read);
  bool Periodic =
      Read->Kind == HostReadKind::Item && isUnderPeriodicTest(Read->Call, Ctx);
  auto [What, Instead] = describe(*Read, D, Acc.has_value(), Periodic, Ctx);
  SyncReport Report = reportSync(*Hot);
  const DiagnosticBuilder &Warning =
      Report.warning(Call->getExprLoc(), "'%0' %1%2; %3");
  Warning << Read->Api << What << Condition << Instead;
  Report.waitsIn(HostReadCudaPath);
  if (Acc) {
    // The fix replaces the whole `+=`; the warning keeps the call's name as
    // its range, so that editors (clangd takes a fix-it's range that holds
    // the location as the diagnostic's) still mark the read.
    Warning << SourceRange(Call->getExprLoc());
    // In a template used with several types, where every instantiation
    // makes the same edits (a value proven 0-dim in one may not be in
    // another).
    Report.fix(inEveryInstantiation(
        Call, Ctx, [&](const Stmt *S) -> llvm::SmallVector<FixItHint, 2> {
          const auto *C = cast<CallExpr>(S);
          std::optional<DeviceAccumulator> Here = Acc;
          if (C != Call) {
            std::optional<HostRead> R = asHostRead(C, Devices, Ctx);
            Here = R ? AccumulatorFor(*R) : std::nullopt;
          }
          if (!Here)
            return {};
          return llvm::SmallVector<FixItHint, 2>(Here->Fixes.begin(),
                                                 Here->Fixes.end());
        }));
  }
  if (Read->Kind == HostReadKind::TensorIndex ||
      Read->Kind == HostReadKind::ZeroDimIndex) {
    IndexSelectProof Proof;
    std::optional<FixItHint> Fix = indexSelectFix(*Read, Devices, Ctx, Proof);
    std::string Index = exprText(Read->Tensor, Ctx);
    if (Fix)
      Report.fixOnNote(Fix,
                       "index on the device with index_select; the result "
                       "becomes a copy instead of a view, and a negative or "
                       "out-of-range index becomes a device-side assert "
                       "instead of counting from the end or an exception");
    else if (Proof == IndexSelectProof::DtypeUnproven)
      Report.note(Read->Call->getExprLoc(),
                  "index_select indexes on the device where '" + Index +
                      "' is a long or int tensor (it rejects other dtypes, "
                      "which item() converts); no fix is offered because "
                      "that is not shown here");
    else if (Proof == IndexSelectProof::DeviceUnproven)
      Report.note(Read->Call->getExprLoc(),
                  "index_select indexes on the device where the indexed "
                  "tensor is on the device of '" +
                      Index +
                      "'; no fix is offered because that is not shown here");
  }
}

} // namespace clang::tidy::torchsync
