//===--- DynamicShapeCheck.cpp - torchsync-dynamic-shape ------------------===//
//
// An op whose output size depends on the values of a CUDA tensor must know
// that size on the host before it can allocate its output: it reads a count,
// a maximum or a total from the GPU and waits for all queued work (catalog
// rows D1-D5, D10-D17). Most end in c10::cuda::memcpy_and_sync; unique_dim
// and sparse coalesce end in a thrust algorithm that returns to the host.
//
//===----------------------------------------------------------------------===//

#include "DynamicShapeCheck.h"
#include "utils/CallArgs.h"
#include "utils/Dtypes.h"
#include "utils/FixIts.h"
#include "utils/HostReads.h"
#include "utils/OpTable.h"
#include "utils/Parents.h"
#include "utils/Shapes.h"
#include "utils/SharedAnalyses.h"
#include "utils/TorchApi.h"
#include "utils/UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";
static constexpr char ModuleCallId[] = "moduleCall";
static constexpr char TableCallId[] = "tableCall";

static constexpr llvm::StringLiteral ThrustPath =
    "cudaStreamSynchronize inside a thrust algorithm that returns its count "
    "to the host, which sync debug mode does not report";

/// The LibTorch functions whose calls classify() reads by their spelling:
/// the messages and fix-its of these ops depend on how they are called.
static const StringRef SpelledOps[] = {
    // D1, D2
    "::at::nonzero", "::at::Tensor::nonzero", "::at::nonzero_out",
    "::at::nonzero_outf", "::at::argwhere", "::at::Tensor::argwhere",
    // D3
    "::at::nonzero_numpy", "::at::Tensor::nonzero_numpy",
    // D4
    "::at::masked_select", "::at::Tensor::masked_select",
    "::at::masked_select_out", "::at::masked_select_outf",
    // D5
    "::at::Tensor::index", "::at::index",
    // D10
    "::at::_unique", "::at::_unique2", "::at::unique_consecutive",
    "::at::unique_dim", "::at::unique_dim_consecutive", "::at::_unique_out",
    "::at::_unique2_out", "::at::unique_consecutive_out",
    "::at::unique_dim_out", "::at::unique_dim_consecutive_out",
    // D11
    "::at::repeat_interleave", "::at::Tensor::repeat_interleave",
    "::at::repeat_interleave_symint", "::at::Tensor::repeat_interleave_symint",
    // D12, D13, D14
    "::at::bincount", "::at::Tensor::bincount", "::at::bincount_out",
    "::at::histc", "::at::Tensor::histc", "::at::histc_out", "::at::one_hot",
    "::torch::nn::functional::one_hot",
    // D15
    "::at::ctc_loss", "::at::_ctc_loss", "::torch::nn::functional::ctc_loss",
    "::torch::nn::CTCLossImpl::forward",
    // D16, D17
    "::at::combinations", "::at::Tensor::to_sparse",
    "::at::Tensor::to_sparse_csr", "::at::Tensor::to_sparse_csc",
    "::at::Tensor::to_sparse_bsr", "::at::Tensor::to_sparse_bsc",
    "::at::Tensor::coalesce"};

DynamicShapeCheck::DynamicShapeCheck(StringRef Name, ClangTidyContext *Context)
    : TorchSyncCheck(Name, Context) {}

void DynamicShapeCheck::onStartOfTranslationUnit() {
  NonzeroStaticTU = nullptr;
}

void DynamicShapeCheck::registerCheckMatchers(MatchFinder *Finder) {
  // x.nonzero(), torch::argwhere(x), torch::where(cond), x.nonzero_numpy(),
  // x.masked_select(m), x.index({m}), at::index(x, {m}),
  // at::_unique2(x), torch::unique_consecutive(x), at::unique_dim(x, 0),
  // x.repeat_interleave(r), x.bincount(), x.histc(10), at::one_hot(x),
  // F::one_hot(x), at::ctc_loss(lp, tg, il, tl), at::combinations(x),
  // x.to_sparse(), sp.coalesce()
  Finder->addMatcher(
      callExpr(isExpansionInUserCode(),
               callee(functionDecl(
                   anyOf(hasAnyName(llvm::ArrayRef<StringRef>(SpelledOps)),
                         // D3: the one-argument overload only.
                         allOf(hasName("::at::where"), parameterCountIs(1))))))
          .bind(CallId),
      this);
  // Any other call of LibTorch's that is a spelling of an operator whose
  // row in the operator table (OpTable.h) this check reports: a new row
  // needs no matcher.
  Finder->addMatcher(
      callExpr(isExpansionInUserCode(),
               callee(functionDecl(
                   isLibTorchFunction(),
                   unless(hasAnyName(llvm::ArrayRef<StringRef>(SpelledOps))))))
          .bind(TableCallId),
      this);

  // torch::nn::CTCLoss ctc; ctc(log_probs, targets, input_lengths,
  // target_lengths)
  Finder->addMatcher(
      cxxOperatorCallExpr(
          isExpansionInUserCode(), hasOverloadedOperatorName("()"),
          callee(cxxMethodDecl(ofClass(classTemplateSpecializationDecl(
              hasName("::torch::nn::ModuleHolder"),
              hasTemplateArgument(
                  0, refersToType(hasDeclaration(cxxRecordDecl(
                         hasName("::torch::nn::CTCLossImpl"))))))))))
          .bind(ModuleCallId),
      this);
}

bool DynamicShapeCheck::hasCudaNonzeroStatic(ASTContext &Ctx) {
  const TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  if (NonzeroStaticTU == TU)
    return NonzeroStatic;
  NonzeroStaticTU = TU;
  NonzeroStatic = false;
  // The CPU kernel came in 2.1; the CUDA one only in 2.6.
  if (!Sync.version().atLeast(2, 6))
    return NonzeroStatic;
  for (NamedDecl *At : TU->lookup(&Ctx.Idents.get("at")))
    if (const auto *NS = dyn_cast<NamespaceDecl>(At))
      if (!NS->lookup(&Ctx.Idents.get("nonzero_static")).empty())
        NonzeroStatic = true;
  return NonzeroStatic;
}

namespace {

enum class OpKind {
  Nonzero,          ///< nonzero, argwhere (D1, D2)
  WhereOne,         ///< one-argument where, nonzero_numpy (D3)
  MaskedSelect,     ///< masked_select (D4)
  MaskIndex,        ///< index with a bool mask (D5)
  Unique,           ///< _unique, _unique2, unique_consecutive (D10)
  UniqueThrust,     ///< unique_dim*, unique_consecutive(dim) (D10)
  RepeatInterleave, ///< repeat_interleave(Tensor) without output_size (D11)
  Bincount,         ///< bincount (D12)
  Histc,            ///< histc with min == max (D13)
  OneHot,           ///< one_hot without num_classes (D14)
  CtcLoss,          ///< ctc_loss, CTCLoss (D15)
  Combinations,     ///< combinations (D16)
  ToSparse,         ///< to_sparse* (D17)
  Coalesce,         ///< coalesce (D17)
  Table             ///< another spelling of an op of the operator table
};

/// One call whose output size is read from the device.
struct DynamicOp {
  OpKind Kind;
  /// The tensor named in the message; with Other, its device decides.
  const Expr *Tensor = nullptr;
  /// A second tensor input: the mask of masked_select / index, the indexed
  /// tensor of repeat_interleave.
  const Expr *Other = nullptr;
  /// How the API is spelled at the call, e.g. "nonzero()".
  std::string Api;
  /// histc: the range was left defaulted.
  bool DefaultRange = false;
  /// Table: the operator's row.
  const OpFact *Fact = nullptr;
};

} // namespace

//===----------------------------------------------------------------------===//
// Classifying the call
//===----------------------------------------------------------------------===//

/// True when a `dim` argument is given (unique_consecutive with a dim
/// takes the thrust path).
static bool hasDim(const CallExpr *Call) {
  const Expr *Dim = argNamed(Call, {"dim"});
  return Dim && !isNullopt(Dim);
}

static std::optional<DynamicOp> classify(const CallExpr *Call,
                                         ASTContext &Ctx) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return std::nullopt;
  std::string Qualified = qualifiedName(FD);
  StringRef Name = FD->getDeclName().isIdentifier() ? FD->getName() : "";
  DynamicOp Op;
  Op.Api = calledAs(Call, Ctx);
  Op.Tensor = inputTensor(Call);

  if (Name == "nonzero" || Name == "nonzero_out" || Name == "nonzero_outf" ||
      Name == "argwhere") {
    Op.Kind = OpKind::Nonzero;
  } else if (Name == "where" || Name == "nonzero_numpy") {
    Op.Kind = OpKind::WhereOne;
    if (Name == "where")
      Op.Tensor = argNamed(Call, {"condition"});
  } else if (Name.starts_with("masked_select")) {
    Op.Kind = OpKind::MaskedSelect;
    Op.Other = argNamed(Call, {"mask"});
  } else if (Name == "index") {
    Op.Kind = OpKind::MaskIndex;
    llvm::ArrayRef<const Expr *> Args = userArgs(Call);
    const Expr *List = receiverOf(Call) ? (Args.empty() ? nullptr : Args[0])
                                        : argNamed(Call, {"indices"});
    if (!List)
      return std::nullopt;
    for (const Expr *Elem : indexListElements(List))
      if (isTensorType(Elem->getType()) && isProvenBool(Elem, Ctx)) {
        Op.Other = Elem;
        break;
      }
    if (!Op.Other)
      return std::nullopt; // Long indices: D8 / D9, not ours.
  } else if (Name.starts_with("unique_dim") ||
             (Name.starts_with("unique_consecutive") && hasDim(Call))) {
    Op.Kind = OpKind::UniqueThrust;
  } else if (Name.starts_with("_unique") ||
             Name.starts_with("unique_consecutive")) {
    Op.Kind = OpKind::Unique;
  } else if (Name.starts_with("repeat_interleave")) {
    const Expr *Repeats = argNamed(Call, {"repeats"});
    if (!Repeats || !isTensorType(ignoreWrappers(Repeats)->getType()))
      return std::nullopt; // repeat_interleave(int64_t): expand + clone.
    if (const Expr *Size = argNamed(Call, {"output_size"});
        Size && !isNullopt(Size))
      return std::nullopt; // The size is given: no read.
    Op.Kind = OpKind::RepeatInterleave;
    Op.Other = Op.Tensor == Repeats ? nullptr : Op.Tensor;
    Op.Tensor = Repeats;
  } else if (Name.starts_with("bincount")) {
    Op.Kind = OpKind::Bincount;
  } else if (Name.starts_with("histc")) {
    const Expr *Min = argNamed(Call, {"min"}), *Max = argNamed(Call, {"max"});
    std::optional<double> Lo = constantValue(Min, Ctx),
                          Hi = constantValue(Max, Ctx);
    if (!Lo || !Hi || *Lo != *Hi)
      return std::nullopt; // An explicit range, or one we cannot see.
    Op.Kind = OpKind::Histc;
    Op.DefaultRange = Min && Max && isa<CXXDefaultArgExpr>(Min) &&
                      isa<CXXDefaultArgExpr>(Max);
  } else if (Name == "one_hot") {
    std::optional<double> Classes =
        constantValue(argNamed(Call, {"num_classes"}), Ctx);
    if (!Classes || *Classes != -1)
      return std::nullopt;
    Op.Kind = OpKind::OneHot;
    if (!Op.Tensor)
      Op.Tensor = argNamed(Call, {"tensor"});
  } else if (Name == "ctc_loss" || Name == "_ctc_loss" ||
             Qualified == "torch::nn::CTCLossImpl::forward") {
    Op.Kind = OpKind::CtcLoss;
    Op.Tensor = argNamed(Call, {"log_probs"});
  } else if (Name == "combinations") {
    Op.Kind = OpKind::Combinations;
  } else if (Name.starts_with("to_sparse")) {
    Op.Kind = OpKind::ToSparse;
  } else if (Name == "coalesce") {
    Op.Kind = OpKind::Coalesce;
  } else {
    return std::nullopt;
  }
  if (!Op.Tensor)
    return std::nullopt;
  return Op;
}

/// The device that decides whether \p Op syncs.
static Device deviceOf(const DynamicOp &Op, DeviceInference &DI) {
  Device D = DI.ofTensor(Op.Tensor);
  if (!Op.Other)
    return D;
  Device Other = DI.ofTensor(Op.Other);
  switch (Op.Kind) {
  case OpKind::MaskIndex:
  case OpKind::RepeatInterleave:
    // A CPU mask or CPU repeats is read on the host without a device wait
    // (moving its result to a CUDA tensor is cpu-index's finding).
    if (D == Device::CPU || Other == Device::CPU)
      return Device::CPU;
    return combineInputs(D, Other);
  default:
    return D == Device::CPU ? D : combineInputs(D, Other);
  }
}

//===----------------------------------------------------------------------===//
// Fix-its
//===----------------------------------------------------------------------===//

/// The tensor method called at once, without arguments, on \p Call's
/// result (`.sum()`, `.mean()`), or null. Nothing else can see the
/// temporary then.
static const CXXMemberCallExpr *immediateReduction(const CallExpr *Call,
                                                   ASTContext &Ctx) {
  const CXXMemberCallExpr *Next = memberCallOn(Call, Ctx);
  if (!Next || !isTensorMethod(Next->getMethodDecl()))
    return nullptr;
  for (const Expr *A : Next->arguments())
    if (!isa<CXXDefaultArgExpr>(A))
      return nullptr;
  return Next;
}

/// The `.sum()` call that immediately reduces \p Call's result, or null.
static const CXXMemberCallExpr *immediateSum(const CallExpr *Call,
                                             ASTContext &Ctx) {
  const CXXMemberCallExpr *R = immediateReduction(Call, Ctx);
  return R && qualifiedName(R->getMethodDecl()) == "at::Tensor::sum" ? R
                                                                     : nullptr;
}

/// The negation of mask \p Mask as source text: `~m` for a proven bool
/// mask, `m.logical_not()` otherwise (`~` flips every bit of a uint8 mask).
static std::optional<std::string> negatedMask(const Expr *Mask,
                                              ASTContext &Ctx) {
  std::optional<std::string> Text = postfixOperandText(Mask, Ctx);
  if (!Text)
    return std::nullopt;
  return isProvenBool(Mask, Ctx) ? "~" + *Text : *Text + ".logical_not()";
}

/// `x.masked_select(m).sum()` -> `x.masked_fill(~m, 0).sum()`: the same
/// elements are summed (masked-out ones add 0), with the same dtype, so the
/// fix goes on the warning.
/// masked_fill broadcasts the mask to the tensor's shape only, where
/// masked_select broadcasts both: the mask must be shown to have the
/// tensor's shape (\p ShapeUnproven is set when only that is missing).
static llvm::SmallVector<FixItHint, 2>
maskedSelectSumFix(const CallExpr *Call, const DynamicOp &Op, UseIndex &Uses,
                   ASTContext &Ctx, bool &ShapeUnproven) {
  if (!Op.Other || !isFixable(Call, Ctx))
    return {};
  if (!provenSameShape(Op.Other, Op.Tensor, Uses)) {
    ShapeUnproven = true;
    return {};
  }
  StringRef Name = Call->getDirectCallee()->getName();
  if (Name != "masked_select")
    return {};
  SourceLocation NameLoc;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()))
      NameLoc = ME->getMemberLoc();
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(
                 Call->getCallee()->IgnoreParenImpCasts())) {
    NameLoc = DRE->getLocation();
  }
  std::optional<std::string> Negated = negatedMask(Op.Other, Ctx);
  if (NameLoc.isInvalid() || !Negated)
    return {};
  std::optional<FixItHint> Rename =
      replaceTokens(SourceRange(NameLoc), "masked_fill", Ctx);
  std::optional<FixItHint> MaskFix =
      replaceTokens(Op.Other->getSourceRange(), *Negated + ", 0", Ctx);
  if (!Rename || !MaskFix)
    return {};
  return {*Rename, *MaskFix};
}

/// "torch::where" when the translation unit has namespace torch, else
/// "at::where".
static std::string whereName(ASTContext &Ctx) {
  for (NamedDecl *D :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("torch")))
    if (isa<NamespaceDecl>(D))
      return "torch::where";
  return "at::where";
}

/// True when \p S reduces along a dimension (`t.sum(1)`, `m.any(-1)`): a
/// mask built from it has fewer dimensions than the tensor it indexes, and
/// torch::where would broadcast it wrongly.
static bool hasDimReduction(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = Call->getDirectCallee();
        FD && FD->getDeclName().isIdentifier() &&
        llvm::is_contained({"sum", "mean", "any", "all", "amax", "amin", "max",
                            "min", "prod", "norm", "std", "var", "argmax",
                            "argmin", "count_nonzero", "logsumexp", "median",
                            "nansum"},
                           FD->getName())) {
      // Beyond the reduced tensor itself (the first argument of at::sum).
      unsigned Written = 0;
      for (const Expr *A : userArgs(Call))
        Written += !isa<CXXDefaultArgExpr>(A);
      if (Written > (isa<CXXMemberCallExpr>(Call) ? 0u : 1u))
        return true;
    }
  for (const Stmt *Child : S->children())
    if (hasDimReduction(Child))
      return true;
  return false;
}

/// How `x.index({m})` can keep the shape with `torch::where(m, x, 0)`.
namespace {
struct MaskWhere {
  /// The rewrite of the index call, where its form allows one.
  std::optional<FixItHint> Fix;
  /// 'm' is a bool mask with the shape and device of 'x' (the rewrite
  /// then broadcasts as the index did: elementwise).
  bool ShapeProven = false;
  /// The full reduction (without arguments) applied at once to the
  /// result, when there is one: the result's size is then not used.
  const CXXMemberCallExpr *Reduction = nullptr;
};
} // namespace

/// `x.index({m})` -> `torch::where(m, x, 0)`; only for a one-mask list.
/// The rewrite changes the result's shape (the shape of 'x' instead of the
/// number of selected elements): ShapeProven and Reduction say whether the
/// program can keep working with it.
static MaskWhere maskIndexWhere(const CallExpr *Call, const DynamicOp &Op,
                                UseIndex &Uses, ASTContext &Ctx) {
  MaskWhere W;
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  if (!MC || MC->getNumArgs() != 1 || !isFixable(Call, Ctx) ||
      hasDimReduction(Op.Other))
    return W;
  // p->index({m}): the object is *p, which has no text of its own.
  if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
      !ME || ME->isArrow())
    return W;
  std::optional<std::string> ArgText =
      sourceText(MC->getArg(0)->getSourceRange(), Ctx);
  std::optional<std::string> MaskText =
      sourceText(Op.Other->getSourceRange(), Ctx);
  std::optional<std::string> SelfText =
      sourceText(MC->getImplicitObjectArgument()->getSourceRange(), Ctx);
  if (!ArgText || !MaskText || !SelfText || *ArgText != "{" + *MaskText + "}")
    return W;
  W.Fix = replaceTokens(
      Call->getSourceRange(),
      whereName(Ctx) + "(" + *MaskText + ", " + *SelfText + ", 0)", Ctx);
  // where() takes a bool condition (a uint8 mask indexes, but where rejects
  // it in LibTorch 2) and broadcasts it against 'x' from the last
  // dimension: a mask of fewer dimensions (a row mask [N] over [N, C])
  // selects rows in index() and fails or broadcasts wrongly in where().
  W.ShapeProven =
      isProvenBool(Op.Other, Ctx) &&
      provenSameShape(Op.Other, MC->getImplicitObjectArgument(), Uses);
  W.Reduction = immediateReduction(Call, Ctx);
  return W;
}

/// The sum of the repeats when they are spelled as non-negative integer
/// literals: `torch::tensor({1, 2, 3}, ...)`, directly or through a local
/// variable that is never assigned again. \p Count receives their number.
static std::optional<int64_t>
provenRepeatTotal(const Expr *Repeats, ASTContext &Ctx, unsigned &Count) {
  const Expr *E = ignoreWrappers(Repeats);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit() ||
        V->getType()->isReferenceType())
      return std::nullopt;
    // Any other use could change the values (tensor methods such as add_
    // are const): the variable must be used only here.
    const auto *FD =
        dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    if (!FD || !FD->getBody() ||
        !match(findAll(declRefExpr(to(varDecl(equalsNode(V))),
                                   unless(equalsNode(DRE)))),
               *FD->getBody(), Ctx)
             .empty())
      return std::nullopt;
    E = ignoreWrappers(V->getInit());
  }
  const auto *Call = dyn_cast<CallExpr>(E);
  if (!Call || !Call->getDirectCallee() ||
      qualifiedName(Call->getDirectCallee()) != "torch::tensor" ||
      Call->getNumArgs() < 1)
    return std::nullopt;
  const Expr *Data = ignoreWrappers(Call->getArg(0));
  const auto *Ctor = dyn_cast<CXXConstructExpr>(Data);
  if (!Ctor || Ctor->getNumArgs() != 1)
    return std::nullopt;
  const auto *SIL =
      dyn_cast<CXXStdInitializerListExpr>(ignoreWrappers(Ctor->getArg(0)));
  const auto *IL =
      SIL ? dyn_cast<InitListExpr>(ignoreWrappers(SIL->getSubExpr())) : nullptr;
  if (!IL || IL->getNumInits() == 0)
    return std::nullopt;
  int64_t Total = 0;
  for (const Expr *Init : IL->inits()) {
    const Expr *V = stripValueWrappers(Init);
    if (!isa<IntegerLiteral>(V))
      return std::nullopt;
    int64_t N = cast<IntegerLiteral>(V)->getValue().getSExtValue();
    if (N < 0)
      return std::nullopt;
    Total += N;
  }
  Count = IL->getNumInits();
  return Total;
}

/// Passes the proven total as `output_size`, spelling a defaulted `dim` as
/// `c10::nullopt` on the way.
static std::optional<FixItHint>
repeatInterleaveOutputSizeFix(const CallExpr *Call, const DynamicOp &Op,
                              ASTContext &Ctx) {
  if (!isFixable(Call, Ctx))
    return std::nullopt;
  unsigned Count = 0;
  std::optional<int64_t> Total = provenRepeatTotal(Op.Tensor, Ctx, Count);
  // With a single repeat value and an input tensor, the value is repeated
  // along dim: the total also depends on the input's size.
  if (!Total || (Op.Other && Count < 2))
    return std::nullopt;
  const FunctionDecl *FD = Call->getDirectCallee();
  unsigned Offset = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
  const Expr *LastWritten = nullptr;
  std::string Text;
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    if (I + Offset >= Call->getNumArgs())
      return std::nullopt;
    const Expr *Arg = Call->getArg(I + Offset);
    StringRef Param = FD->getParamDecl(I)->getName();
    if (Param == "output_size") {
      if (!isa<CXXDefaultArgExpr>(Arg) || !LastWritten)
        return std::nullopt;
      Text += ", /*output_size=*/" + std::to_string(*Total);
      return insertAfter(LastWritten, Text, Ctx);
    }
    if (!isa<CXXDefaultArgExpr>(Arg)) {
      if (!Text.empty())
        return std::nullopt;
      LastWritten = Arg;
    } else if (Param == "dim") {
      Text += ", /*dim=*/c10::nullopt";
    } else {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Messages
//===----------------------------------------------------------------------===//

namespace {
struct Description {
  std::string What;
  std::string Path;
  std::string Instead;
};
} // namespace

static Description describe(const CallExpr *Call, const DynamicOp &Op, Device D,
                            bool NonzeroStatic, bool SumFollows,
                            ASTContext &Ctx) {
  std::string Tensor = describeTensor(Op.Tensor, D, Ctx);
  std::string Memcpy = HostReadCudaPath.str();
  switch (Op.Kind) {
  case OpKind::Nonzero:
    return {"waits for the GPU to count the nonzero elements of " + Tensor,
            Memcpy,
            NonzeroStatic
                ? "use 'nonzero_static(/*size=*/N, /*fill_value=*/-1)' with "
                  "a host-side bound N (pads with -1 or truncates to N "
                  "rows), or mask arithmetic that keeps the shape"
                : "keep the shape with mask arithmetic (torch::where, "
                  "multiplying by the mask)"};
  case OpKind::WhereOne: {
    bool Where = Call->getDirectCallee()->getName() == "where";
    return {std::string(Where ? "with one argument " : "") +
                "waits for the GPU to count the nonzero elements of " + Tensor,
            Memcpy,
            std::string("use the three-argument 'torch::where(cond, a, b)' "
                        "if the indices only select values") +
                (NonzeroStatic
                     ? ", or 'nonzero_static(/*size=*/N, "
                       "/*fill_value=*/-1).unbind(1)' with a host-side bound N"
                     : "")};
  }
  case OpKind::MaskedSelect:
  case OpKind::MaskIndex: {
    bool Index = Op.Kind == OpKind::MaskIndex;
    std::string Mask = exprText(Op.Other, Ctx);
    std::string Self = exprText(Op.Tensor, Ctx);
    std::optional<std::string> Negated = negatedMask(Op.Other, Ctx);
    std::string NotMask = Negated ? *Negated : "~" + Mask;
    std::string Instead;
    if (SumFollows && Index)
      Instead = "use '" + whereName(Ctx) + "(" + Mask + ", " + Self +
                ", 0).sum()', which sums the same elements on the device";
    else if (SumFollows)
      Instead = "use 'masked_fill(" + NotMask +
                ", 0).sum()', which sums the same elements on the device";
    else if (Index)
      Instead = "keep the shape with 'torch::where(" + Mask + ", " + Self +
                ", 0)' or by multiplying by the mask";
    else
      Instead = "keep the shape with 'masked_fill(" + NotMask +
                ", 0)' or 'torch::where(" + Mask + ", " + Self + ", 0)'";
    return {"waits for the GPU to count the elements of " + Tensor +
                " selected by " + (Index ? "bool " : "") + "mask '" + Mask +
                "'",
            Index ? memcpyAndSyncAfter(
                        "nonzero() of the mask in at::native::expandTensors")
                  : Memcpy,
            Instead};
  }
  case OpKind::Unique:
  case OpKind::UniqueThrust:
    return {"waits for the GPU to count the unique elements of " + Tensor,
            Op.Kind == OpKind::Unique ? Memcpy : ThrustPath.str(),
            "compute it once outside the loop, or use a fixed-size form "
            "(at::sort and a 'diff() != 0' mask of the run starts)"};
  case OpKind::RepeatInterleave:
    return {"waits for the GPU to read the total of the repeats in " + Tensor,
            Memcpy,
            "pass 'output_size' (the total of the repeats) when it is known "
            "on the host"};
  case OpKind::Bincount:
    return {"waits for the GPU to read the maximum of " + Tensor, Memcpy,
            "use 'scatter_add_' into 'zeros({K})' when the number of bins K "
            "is known on the host"};
  case OpKind::Histc:
    return {
        std::string(Op.DefaultRange ? "without a range" : "with min == max") +
            " waits for the GPU to read the minimum and maximum of " + Tensor,
        Memcpy, "pass the range (min < max) when it is known"};
  case OpKind::OneHot:
    return {"without 'num_classes' waits for the GPU to read the maximum of " +
                Tensor,
            Memcpy, "pass 'num_classes' when the number of classes is known"};
  case OpKind::CtcLoss:
    return {"waits for the GPU to copy the lengths and target offsets for " +
                Tensor + " between host and device",
            Memcpy,
            "compute the loss less often: ATen has no sync-free CTC loss, "
            "and host-side (IntArrayRef) lengths only remove the "
            "device-to-host copy"};
  case OpKind::Combinations:
    return {"waits for the GPU to count the combinations of " + Tensor +
                " (it selects them with masked_select)",
            Memcpy,
            "use 'at::triu_indices(n, n, 1)' on the device and "
            "'index_select' for pairs (r = 2, no replacement)"};
  case OpKind::ToSparse:
    return {"waits for the GPU to count the nonzero elements of " + Tensor,
            Memcpy,
            "keep the tensor dense in the loop, or convert it once outside"};
  case OpKind::Coalesce:
    return {"waits for the GPU to count the unique indices of " + Tensor,
            ThrustPath.str(), "coalesce once outside the loop"};
  case OpKind::Table:
    return {"runs " + Op.Fact->Name.str() +
                ", which waits for the GPU to read the size of its output "
                "from " +
                Tensor,
            Memcpy,
            "use a form whose output size is known on the host, or run it "
            "less often (sync-catalog row " +
                Op.Fact->Row.str() + ")"};
  }
  llvm_unreachable("unknown op");
}

void DynamicShapeCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  std::optional<DynamicOp> Op;
  if (Call) {
    Op = classify(Call, Ctx);
  } else if ((Call = Result.Nodes.getNodeAs<CallExpr>(ModuleCallId))) {
    llvm::ArrayRef<const Expr *> Args = userArgs(Call);
    if (!Args.empty() && isTensorType(ignoreWrappers(Args[0])->getType()))
      Op = DynamicOp{OpKind::CtcLoss, Args[0], nullptr, "CTCLoss"};
  } else if ((Call = Result.Nodes.getNodeAs<CallExpr>(TableCallId))) {
    if (std::optional<OpWait> W = waitingOp(Call, "dynamic-shape",
                                            SharedAnalyses::of(Ctx).ops(), Ctx);
        W && W->Tensor) {
      Op = DynamicOp{OpKind::Table, W->Tensor, nullptr, calledAs(Call, Ctx)};
      Op->Fact = W->Fact;
    }
  }
  if (!Op)
    return;
  DeviceInference &Devices = Sync.devices(Ctx);
  // t.index({zero_dim}) reads the index with item(): host-read's finding.
  if (Op->Kind == OpKind::MaskIndex && asHostRead(Call, Devices, Ctx))
    return;
  Device D = deviceOf(*Op, Devices);
  if (!Sync.reportsDevice(D))
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
  if (!Hot)
    return;

  bool SumFollows = Op->Kind == OpKind::MaskedSelect && immediateSum(Call, Ctx);
  llvm::SmallVector<FixItHint, 2> SumFix;
  bool SumShapeUnproven = false;
  if (SumFollows)
    SumFix =
        maskedSelectSumFix(Call, *Op, Devices.uses(), Ctx, SumShapeUnproven);
  // x.index({m}).sum() -> torch::where(m, x, 0).sum(): the same elements
  // are summed (the others add 0) when 'm' is a bool mask of the shape of
  // 'x', so that rewrite keeps the meaning and goes on the warning.
  MaskWhere MaskFix;
  bool MaskSum = false;
  if (Op->Kind == OpKind::MaskIndex) {
    MaskFix = maskIndexWhere(Call, *Op, Devices.uses(), Ctx);
    MaskSum =
        MaskFix.Fix && MaskFix.ShapeProven && MaskFix.Reduction &&
        qualifiedName(MaskFix.Reduction->getMethodDecl()) == "at::Tensor::sum";
    if (MaskSum) {
      SumFollows = true;
      SumFix = {*MaskFix.Fix};
    }
  }
  bool NonzeroStatic =
      (Op->Kind == OpKind::Nonzero || Op->Kind == OpKind::WhereOne) &&
      hasCudaNonzeroStatic(Ctx);
  Description Desc = describe(Call, *Op, D, NonzeroStatic, SumFollows, Ctx);
  // The condition is complete before the warning starts (TorchSyncCheck.h).
  std::string IfCuda = ifCuda(Op->Tensor, D, Ctx, /*Named=*/true);
  SyncReport Report = reportSync(*Hot);
  Report.warning(Call->getExprLoc(), "'%0' %1%2; %3")
      << Op->Api << Desc.What << IfCuda << Desc.Instead;
  Report.waitsIn(Desc.Path);
  Report.fix(SumFix);

  if (SumShapeUnproven) {
    std::string Tensor = exprText(Op->Tensor, Ctx);
    Report.note(Call->getExprLoc(),
                "the masked_fill rewrite sums the same elements where '" +
                    exprText(Op->Other, Ctx) + "' has the shape of '" + Tensor +
                    "' or broadcasts to it (masked_fill does not broadcast '" +
                    Tensor +
                    "' up to a larger mask, as masked_select does); no fix "
                    "is offered because that is not shown here");
  }
  if (Op->Kind == OpKind::MaskIndex && MaskFix.Fix && !MaskSum) {
    std::string Tensor = exprText(Op->Tensor, Ctx);
    std::string Mask = exprText(Op->Other, Ctx);
    std::string Where =
        "'" + whereName(Ctx) + "(" + Mask + ", " + Tensor + ", 0)'";
    if (MaskFix.ShapeProven && MaskFix.Reduction)
      Report.fixOnNote(MaskFix.Fix,
                       "keep the shape with " + whereName(Ctx) +
                           "; the result has the shape of '" + Tensor +
                           "' with zeros where '" + Mask +
                           "' is false instead of only the selected "
                           "elements, so '" +
                           MaskFix.Reduction->getMethodDecl()->getName().str() +
                           "()' also sees those zeros");
    else if (MaskFix.ShapeProven)
      Report.note(Call->getExprLoc(),
                  Where + " keeps the shape on the device, with zeros where '" +
                      Mask +
                      "' is false; no fix is offered: the result then has "
                      "the shape of '" +
                      Tensor +
                      "', so check that nothing uses its size or number of "
                      "elements");
    else
      Report.note(Call->getExprLoc(),
                  Where + " keeps the shape on the device where '" + Mask +
                      "' is a bool tensor with the shape and device of '" +
                      Tensor +
                      "' (a mask of fewer dimensions selects whole rows, "
                      "and where() would broadcast it against the last "
                      "dimensions instead); no fix is offered because that "
                      "is not shown here, and the result would then have "
                      "the shape of '" +
                      Tensor + "' instead of the number of selected elements");
  } else if (Op->Kind == OpKind::RepeatInterleave) {
    Report.fixOnNote(repeatInterleaveOutputSizeFix(Call, *Op, Ctx),
                     "pass the total of the repeats as 'output_size'; "
                     "negative repeats are then no longer checked on the "
                     "host");
  }
}

} // namespace clang::tidy::torchsync
