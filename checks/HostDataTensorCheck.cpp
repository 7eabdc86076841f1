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
#include "utils/CallArgs.h"
#include "utils/DeviceInference.h"
#include "utils/FixIts.h"
#include "utils/LoopInvariance.h"
#include "utils/TorchApi.h"
#include "utils/UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";

HostDataTensorCheck::HostDataTensorCheck(StringRef Name,
                                         ClangTidyContext *Context)
    : TorchSyncCheck(Name, Context) {}

void HostDataTensorCheck::registerCheckMatchers(MatchFinder *Finder) {
  // torch::tensor({1, 2, 3}, torch::kCUDA), torch::tensor(vec, opts),
  // at::tensor({1.0, 2.0}, opts), at::tensor(values_ref, opts)
  Finder->addMatcher(callExpr(isExpansionInUserCode(),
                              callee(functionDecl(hasAnyName("::torch::tensor",
                                                             "::at::tensor"))))
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
  /// How many braces enclose Single: 1 for `{v}` (the shape [1]), 2 for
  /// `{{v}}` ([1, 1]).
  unsigned Depth = 0;
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
    // `{v}`, or `{{v}}` and deeper: each level a container of one list.
    for (unsigned Depth = 1; IL && IL->getNumInits() == 1 && Depth <= 8;
         ++Depth) {
      if (const CXXConstructExpr *Elem = scalarContainer(IL->getInit(0))) {
        D.Single = Elem->getArg(0);
        D.SingleType = Elem->getConstructor()->getParamDecl(0)->getType();
        D.Depth = Depth;
        break;
      }
      const auto *Inner =
          dyn_cast<CXXConstructExpr>(IL->getInit(0)->IgnoreImplicit());
      IL = Inner && Inner->getNumArgs() == 1 ? listOf(Inner->getArg(0))
                                             : nullptr;
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

/// True when every scalar of a (nested) braced list is loop-invariant.
bool invariantList(Invariance &Inv, const InitListExpr *IL,
                   bool TorchContainers, unsigned Depth = 0) {
  if (Depth > 8)
    return false;
  for (const Expr *Elem : IL->inits()) {
    if (TorchContainers) {
      if (const CXXConstructExpr *S = scalarContainer(Elem)) {
        if (!Inv.value(S->getArg(0)))
          return false;
        continue;
      }
      const auto *CE = dyn_cast<CXXConstructExpr>(Elem->IgnoreImplicit());
      const InitListExpr *Inner =
          CE && CE->getNumArgs() == 1 ? listOf(CE->getArg(0)) : nullptr;
      if (!Inner || !invariantList(Inv, Inner, TorchContainers, Depth + 1))
        return false;
    } else if (!Inv.value(Elem)) {
      return false;
    }
  }
  return true;
}

/// The shape of a tensor of one element in \p Depth braces: `{1}`, `{1, 1}`.
std::string shapeOfOnes(unsigned Depth) {
  std::string Shape = "{1";
  for (unsigned I = 1; I < Depth; ++I)
    Shape += ", 1";
  return Shape + "}";
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

namespace {
/// How the pinned upload of host data names its options and device: the
/// options with the CPU as device (empty where there are none besides the
/// device), the device, and the test that it is CUDA (empty where it is CUDA
/// on every run).
struct UploadParts {
  std::string CpuOptions;
  std::string DeviceText;
  std::string IsCuda;
};
} // namespace

/// The test that the device \p D (a torch::Device or a DeviceType) is CUDA:
/// "" where it is on every run, else read again from its plain name.
static std::optional<std::string> isCudaTest(const Expr *D, ASTContext &Ctx) {
  if (cudaOnEveryRun(D, Ctx))
    return std::string();
  const Expr *Bare = ignoreWrappers(D)->IgnoreParenImpCasts();
  if (isTensorType(Bare->getType()))
    return std::nullopt;
  return isCudaTestText(Bare, Ctx);
}

/// The options of `torch::tensor(data, opts)` split for the pinned upload:
/// a device (`device`, `torch::kCUDA`), a tensor's options (`ids.options()`:
/// a dtype, a device and the strided layout, never requires_grad), or a
/// `torch::TensorOptions()` chain of `dtype(...)` and one `device(...)`.
/// Other options (requires_grad, pinned memory, a layout) get no fix.
static std::optional<UploadParts> uploadParts(const Expr *OptsArg,
                                              ASTContext &Ctx) {
  const Expr *Bare = ignoreWrappers(OptsArg);
  if (isEnumType(Bare->getType(), "c10::DeviceType") ||
      isClassType(Bare->getType(), "c10::Device")) {
    std::optional<std::string> Test = isCudaTest(Bare, Ctx);
    std::optional<std::string> Text =
        sourceText(OptsArg->getSourceRange(), Ctx);
    if (!Test || !Text)
      return std::nullopt;
    return UploadParts{"", *Text, *Test};
  }
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Bare);
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  if (!MD || !MD->getDeclName().isIdentifier())
    return std::nullopt;
  // `x.options()`.
  if (MD->getName() == "options" && isTensorMethod(MD)) {
    const Expr *Tensor = ignoreWrappers(MC->getImplicitObjectArgument());
    std::optional<std::string> Text = postfixOperandText(Tensor, Ctx);
    std::optional<std::string> Test = cudaOnEveryRun(Tensor, Ctx)
                                          ? std::string()
                                          : isCudaTestText(Tensor, Ctx);
    if (!isPlainName(Tensor) || !Text || !Test)
      return std::nullopt;
    return UploadParts{*Text + ".options().device(torch::kCPU)",
                       *Text + ".device()", *Test};
  }
  // `torch::TensorOptions().dtype(...).device(d)`.
  const Expr *Device = nullptr;
  const Expr *E = Bare;
  while (const auto *Link = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *LM = Link->getMethodDecl();
    if (!LM || !LM->getDeclName().isIdentifier() ||
        !isClassType(QualType(LM->getParent()->getTypeForDecl(), 0),
                     "c10::TensorOptions") ||
        Link->getNumArgs() != 1)
      return std::nullopt;
    if (LM->getName() == "device") {
      if (Device)
        return std::nullopt;
      Device = stripValueWrappers(Link->getArg(0));
    } else if (LM->getName() != "dtype") {
      return std::nullopt;
    }
    E = ignoreWrappers(Link->getImplicitObjectArgument());
  }
  const auto *Start = dyn_cast<CXXConstructExpr>(E->IgnoreParenImpCasts());
  if (!Device || !Start || Start->getNumArgs() != 0 ||
      !isClassType(Start->getType(), "c10::TensorOptions"))
    return std::nullopt;
  std::optional<std::string> Test = isCudaTest(Device, Ctx);
  std::optional<std::string> DeviceText =
      sourceText(Device->getSourceRange(), Ctx);
  // The options' text with the CPU in place of the device.
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation Begin = OptsArg->getBeginLoc(),
                 DevBegin = Device->getBeginLoc();
  SourceLocation DevEnd =
      Lexer::getLocForEndOfToken(Device->getEndLoc(), 0, SM, LO);
  SourceLocation End =
      Lexer::getLocForEndOfToken(OptsArg->getEndLoc(), 0, SM, LO);
  if (!Test || !DeviceText || Begin.isMacroID() || DevBegin.isMacroID() ||
      DevEnd.isInvalid() || End.isInvalid())
    return std::nullopt;
  StringRef Before = Lexer::getSourceText(
      CharSourceRange::getCharRange(Begin, DevBegin), SM, LO);
  StringRef After =
      Lexer::getSourceText(CharSourceRange::getCharRange(DevEnd, End), SM, LO);
  if (Before.empty() || After.empty())
    return std::nullopt;
  return UploadParts{(Before + "torch::kCPU" + After).str(), *DeviceText,
                     *Test};
}

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
  if (Dev == Device::CPU || Dev == Device::None)
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
  std::string Assumption = ifCudaDevice(OptsArg, Dev, Ctx, "names CUDA");

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
        replaceTokens(Data.Arg->getSourceRange(),
                      shapeOfOnes(Data.Depth) + ", " + *SingleText, Ctx);
    if (Name && Args)
      Fixes = {*Name, *Args};
  }
  if (FullKeepsMeaning) {
    Instead = "use 'torch::full', which fills the tensor on the device";
  } else if (Single) {
    Instead = IsTorch ? "use 'torch::full' with the same dtype, or "
                        "'torch::tensor(v, opts)' for a 0-dim tensor, which "
                        "fill the tensor on the device"
                      : "use 'at::full' or 'at::scalar_tensor' with the same "
                        "dtype, which fill the tensor on the device";
  } else {
    // Data that stays the same on every run could be built once.
    const auto [Loop, Owner] = enclosingLoop(Call, Ctx);
    Invariance Inv(Hot->Kind == HotReason::Loop ? Loop : nullptr, Owner, Ctx);
    bool Invariant =
        Inv.options(OptsArg) && (Data.Kind == DataKind::InitList
                                     ? invariantList(Inv, Data.List, IsTorch)
                                     : Inv.array(Data.Data));
    if (Invariant)
      Instead = Hot->Kind == HotReason::Loop && Loop
                    ? "create it once before the loop, or "
                    : "create it once outside the hot path, or ";
    Instead += "pin it and copy it with non_blocking=true";

    // torch::tensor(data, device) -> torch::tensor(data).pin_memory()
    //     .to(device, /*non_blocking=*/true): the data made on the CPU with
    // the same options but the device, so the same dtype and values, then
    // copied from pinned memory, which the caching host allocator keeps
    // alive until the copy is done. With a device chosen at run time, only
    // where it is CUDA (pin_memory() needs CUDA): `(dev.is_cuda() ? t(data,
    // cpu_opts).pin_memory() : t(data, cpu_opts)).to(dev,
    // /*non_blocking=*/dev.is_cuda())`, where a CPU device gets the tensor
    // it got before (to() of a CPU tensor to the CPU returns it).
    std::optional<std::string> DataText =
        sourceText(Data.Arg->getSourceRange(), Ctx);
    std::optional<UploadParts> Parts =
        Fixable ? uploadParts(OptsArg, Ctx) : std::nullopt;
    if (Parts && CalleeText && DataText) {
      std::string Make =
          *CalleeText + "(" + *DataText +
          (Parts->CpuOptions.empty() ? "" : ", " + Parts->CpuOptions) + ")";
      std::string Text = Parts->IsCuda.empty()
                             ? Make + ".pin_memory().to(" + Parts->DeviceText +
                                   ", /*non_blocking=*/true)"
                             : "(" + Parts->IsCuda + " ? " + Make +
                                   ".pin_memory() : " + Make + ").to(" +
                                   Parts->DeviceText + ", /*non_blocking=*/" +
                                   Parts->IsCuda + ")";
      if (auto Fix = replaceTokens(Call->getSourceRange(), Text, Ctx))
        Fixes = {*Fix};
    }
  }

  SyncReport Report = reportSync(*Hot);
  Report.warning(Call->getBeginLoc(),
                 "'%0' waits for the GPU to copy %1 to the device%2; %3")
      << Api << From << Assumption << Instead;
  Report.waitsIn(MemcpyAndSyncPath);
  Report.fix(Fixes);

  // torch::tensor({v}, opts) -> torch::tensor(v, opts).reshape({1}) when
  // full would change the dtype: a 0-dim tensor filled on the device, viewed
  // with the original shape [1], so that sizes, broadcasting and type
  // promotion (a 0-dim tensor promotes like a scalar) stay as they were.
  if (!FullKeepsMeaning && Data.Single && Fixable && SingleText &&
      Data.SingleType.getCanonicalType().getUnqualifiedType() ==
          Data.Single->IgnoreParenImpCasts()
              ->getType()
              .getCanonicalType()
              .getUnqualifiedType()) {
    std::optional<FixItHint> Value =
        replaceTokens(Data.Arg->getSourceRange(), *SingleText, Ctx);
    std::string Shape = shapeOfOnes(Data.Depth);
    std::optional<FixItHint> View =
        insertAfter(Call, ".reshape(" + Shape + ")", Ctx);
    if (Value && View)
      Report.fixOnNote(
          {*Value, *View},
          "build a 0-dim tensor, filled on the device, and view it with the "
          "shape [" +
              Shape.substr(1, Shape.size() - 2) +
              "]; the result is then a view: with requires_grad in the "
              "options it is no longer a leaf, so its grad() stays undefined");
  }
}

} // namespace clang::tidy::torchsync
