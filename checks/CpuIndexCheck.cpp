//===--- CpuIndexCheck.cpp - torchsync-cpu-index --------------------------===//
//
// An op on a CUDA tensor that is handed a host operand either copies it to
// the device with a blocking copy from pageable memory (a CPU index tensor,
// CPU bernoulli probabilities, a CPU 0-dim where operand or index_put_
// value), or reads a device operand on the host with item() (a tensor start
// for narrow, a tensor value for index_fill_ / masked_fill_ / fill_ across
// devices). Either way the host waits in c10::cuda::memcpy_and_sync
// (catalog rows D9, E7, E10, E12-E17).
//
//===----------------------------------------------------------------------===//

#include "CpuIndexCheck.h"
#include "utils/ASTWalk.h"
#include "utils/CallArgs.h"
#include "utils/Dtypes.h"
#include "utils/FixIts.h"
#include "utils/HostReads.h"
#include "utils/LoopInvariance.h"
#include "utils/Parents.h"
#include "utils/Shapes.h"
#include "utils/TorchApi.h"
#include "utils/UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";

CpuIndexCheck::CpuIndexCheck(StringRef Name, ClangTidyContext *Context)
    : TorchSyncCheck(Name, Context) {}

void CpuIndexCheck::registerCheckMatchers(MatchFinder *Finder) {
  // x.index({cpu_idx}), at::index(x, {cpu_idx}),
  // x.index_put_({idx}, 0.0), at::index_put_(x, {idx}, v, true),
  // x.bernoulli_(cpu_p), at::bernoulli(x, cpu_p),
  // x.narrow(0, start_tensor, n), x.index_fill_(0, idx, value_tensor),
  // x.masked_fill_(m, value_tensor), cpu_t.fill_(cuda_value),
  // torch::where(cond, x, torch::tensor(0.0)), x.where(cond, other)
  Finder->addMatcher(
      callExpr(
          isExpansionInUserCode(),
          callee(functionDecl(hasAnyName(
              // D9, E16, E17
              "::at::Tensor::index", "::at::index", "::at::Tensor::index_put_",
              "::at::Tensor::index_put", "::at::index_put_", "::at::index_put",
              // E7
              "::at::Tensor::bernoulli_", "::at::bernoulli",
              "::at::bernoulli_out", "::at::bernoulli_outf",
              // E10
              "::at::Tensor::narrow", "::at::narrow",
              "::at::Tensor::narrow_symint", "::at::narrow_symint",
              // E12, E13
              "::at::Tensor::index_fill_", "::at::Tensor::index_fill",
              "::at::index_fill", "::at::Tensor::masked_fill_",
              "::at::Tensor::masked_fill", "::at::masked_fill",
              // E14
              "::at::Tensor::fill_", "::at::fill_", "::at::fill",
              // E15
              "::at::where", "::at::Tensor::where"))))
          .bind(CallId),
      this);
}

namespace {

enum class Kind {
  CpuIndex,         ///< a CPU index tensor on a CUDA tensor (D9)
  CpuProbabilities, ///< bernoulli_ with CPU probabilities (E7)
  NarrowStart,      ///< narrow with a tensor start (E10)
  IndexFillValue,   ///< index_fill_ with a tensor value (E12)
  MaskedFillValue,  ///< masked_fill_ with a tensor value (E13)
  FillOtherDevice,  ///< fill_ of a CPU tensor with a CUDA value (E14)
  WhereCpuScalar,   ///< where with a CPU 0-dim operand (E15)
  IndexPutValue,    ///< index_put_ of a host value at tensor indices (E16)
  SingleElement     ///< index_put_ of a host value into one element (E17)
};

/// One call that copies a host operand to the device or reads a device
/// operand on the host.
struct Finding {
  Kind K;
  /// The tensor whose device decides and that the message names.
  const Expr *Tensor = nullptr;
  /// The operand that crosses: the index, the probabilities, the start, the
  /// value.
  const Expr *Operand = nullptr;
  Device D = Device::Unknown;
  /// CpuIndex: the index is a proven bool mask.
  bool Mask = false;
  /// IndexPutValue / SingleElement: the value is a host Scalar (the
  /// TensorIndex overload), not a CPU 0-dim tensor.
  bool ScalarValue = false;
  /// SingleElement: the integer indices, one per dimension.
  llvm::SmallVector<const Expr *, 4> Integers;
};

} // namespace

//===----------------------------------------------------------------------===//
// Facts about operands
//===----------------------------------------------------------------------===//

/// An element of a TensorIndex list that is an integer (not a tensor, bool,
/// Slice, None or Ellipsis).
static bool isIntegerElement(const Expr *E) {
  QualType T = E->getType();
  return !isTensorType(T) && T->isIntegerType() && !T->isBooleanType();
}

/// A numeric or bool literal, possibly negated.
static bool isLiteral(const Expr *E) {
  E = stripValueWrappers(E)->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus))
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  return isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr>(E);
}

/// How a member of the object of \p Call is named in a message: "x." for
/// `x.f(...)`, "p->" for `p->f(...)`, else the tensor's text and ".".
static std::string memberPrefix(const CallExpr *Call, const Expr *Tensor,
                                const ASTContext &Ctx) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()))
      return exprText(ME->getBase(), Ctx) + (ME->isArrow() ? "->" : ".");
  return exprText(Tensor, Ctx) + ".";
}

/// The source of the object of a member call `x.f(...)` when evaluating it
/// twice is harmless: a variable or a data member (of `this` or of a
/// variable). Null for `p->f(...)` and for anything with calls in it.
static std::optional<std::string> plainReceiverText(const CallExpr *Call,
                                                    ASTContext &Ctx) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  const auto *ME =
      MC ? dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()) : nullptr;
  if (!ME || ME->isArrow())
    return std::nullopt;
  const Expr *Obj = ME->getBase()->IgnoreParenImpCasts();
  while (const auto *Inner = dyn_cast<MemberExpr>(Obj))
    Obj = Inner->getBase()->IgnoreParenImpCasts();
  if (!isa<DeclRefExpr, CXXThisExpr>(Obj))
    return std::nullopt;
  return sourceText(ME->getBase()->getSourceRange(), Ctx);
}

//===----------------------------------------------------------------------===//
// Classifying the call
//===----------------------------------------------------------------------===//

/// The first non-CPU tensor among \p Operands (CUDA before a device chosen
/// at run time before unknown), or null: it decides where an op's result
/// lives.
static const Expr *deviceOperand(llvm::ArrayRef<const Expr *> Operands,
                                 DeviceInference &DI, Device &D) {
  auto Rank = [](Device X) {
    return X == Device::CUDA      ? 3
           : X == Device::Runtime ? 2
           : X == Device::Unknown ? 1
                                  : 0;
  };
  const Expr *Found = nullptr;
  D = Device::CPU;
  for (const Expr *O : Operands) {
    Device OD = DI.ofTensor(O);
    if (Rank(OD) > Rank(D)) {
      D = OD;
      Found = O;
    }
  }
  return Found;
}

static std::optional<Finding> classifyIndex(const CallExpr *Call,
                                            StringRef Name, DeviceInference &DI,
                                            TorchVersion Version,
                                            ASTContext &Ctx) {
  const Expr *Self = inputTensor(Call);
  const Expr *List = argNamed(Call, {"indices"});
  if (!Self || !List)
    return std::nullopt;
  llvm::SmallVector<const Expr *, 4> Elems = indexListElements(List);
  if (Elems.empty())
    return std::nullopt;
  llvm::SmallVector<const Expr *, 4> Tensors;
  for (const Expr *E : Elems)
    if (isTensorType(E->getType())) {
      // A 0-dim index is read with item() (host-read's B8, or a host read
      // of CPU memory): the call is not advanced indexing.
      if (isZeroDim(E, DI.uses()))
        return std::nullopt;
      Tensors.push_back(E);
    }
  Device SelfD = DI.ofTensor(Self);
  if (SelfD == Device::CPU)
    return std::nullopt;

  Finding F;
  F.Tensor = Self;
  F.D = SelfD;
  // D9: a CPU index is copied to the device of self; a CPU bool mask is
  // turned into indices with nonzero() on the host first (dynamic-shape
  // leaves CPU masks to this check).
  for (const Expr *T : Tensors)
    if (DI.ofTensor(T) == Device::CPU) {
      F.K = Kind::CpuIndex;
      F.Operand = T;
      F.Mask = isProvenBool(T, Ctx);
      return F;
    }
  if (!Name.starts_with("index_put"))
    return std::nullopt;

  const Expr *Value = argNamed(Call, {"rhs", "v", "values"});
  if (!Value)
    return std::nullopt;
  bool ScalarValue = !isTensorType(Value->getType());
  if (!ScalarValue &&
      (DI.ofTensor(Value) != Device::CPU || !isZeroDim(Value, DI.uses())))
    return std::nullopt;
  F.ScalarValue = ScalarValue;
  F.Operand = Value;

  if (!Tensors.empty()) {
    // E16. A single mask on self's device with a host value becomes
    // masked_fill_ (D6, no sync); an index of unknown dtype may be one.
    for (const Expr *T : Tensors)
      if (isProvenBool(T, Ctx) || !isProvenIntegerIndex(T))
        return std::nullopt;
    // An accumulating index_put_ in 1.x is version-specific's (D8).
    std::optional<double> Accumulate =
        constantValue(argNamed(Call, {"accumulate"}), Ctx);
    if (Accumulate && *Accumulate != 0 && Version.isKnown() &&
        Version.before(2, 0))
      return std::nullopt;
    F.K = Kind::IndexPutValue;
    return F;
  }

  // E17: integers that select one element make a 0-dim destination, which
  // copy_to fills with copy_ from the CPU value; with fewer integers than
  // dimensions it uses fill_ with the value read on the host (no sync).
  if (!llvm::all_of(Elems, isIntegerElement))
    return std::nullopt;
  std::optional<unsigned> Dim = provenDim(Self, DI.uses());
  if (!Dim || *Dim != Elems.size())
    return std::nullopt;
  F.K = Kind::SingleElement;
  F.Integers = Elems;
  return F;
}

static std::optional<Finding> classify(const CallExpr *Call, StringRef Name,
                                       DeviceInference &DI,
                                       TorchVersion Version, ASTContext &Ctx) {
  if (Name == "index" || Name.starts_with("index_put")) {
    // t.index({zero_dim}): host-read's finding (B8).
    if (asHostRead(Call, DI, Ctx))
      return std::nullopt;
    return classifyIndex(Call, Name, DI, Version, Ctx);
  }

  Finding F;
  if (Name.starts_with("bernoulli")) {
    // E7: bernoulli_kernel copies p to self's device (p_.to(self.device())).
    const Expr *P = argNamed(Call, {"p"});
    const Expr *Self = inputTensor(Call);
    if (!P || !Self || !isTensorType(P->getType()) ||
        DI.ofTensor(P) != Device::CPU)
      return std::nullopt;
    F = {Kind::CpuProbabilities, Self, P, DI.ofTensor(Self)};
  } else if (Name.starts_with("narrow")) {
    // E10: the start is read with start.item<int64_t>().
    const Expr *Start = argNamed(Call, {"start"});
    if (!Start || !isTensorType(Start->getType()))
      return std::nullopt;
    F = {Kind::NarrowStart, Start, Start, DI.ofTensor(Start)};
  } else if (Name.starts_with("index_fill") ||
             Name.starts_with("masked_fill")) {
    // E12, E13: the value is read with value.item().
    const Expr *Value = argNamed(Call, {"value"});
    if (!Value || !isTensorType(Value->getType()))
      return std::nullopt;
    F = {Name.starts_with("index_fill") ? Kind::IndexFillValue
                                        : Kind::MaskedFillValue,
         Value, Value, DI.ofTensor(Value)};
  } else if (Name == "fill_" || Name == "fill") {
    // E14 across devices: fill_ reads a value on another device with
    // value.item(). On the same device 1.x reads it too and 2.x copies it;
    // a CUDA value is version-specific's in 1.x, so only 2.x (or an unknown
    // version) is reported here, and only into a proven CPU tensor.
    if (Version.isKnown() && Version.before(2, 0))
      return std::nullopt;
    const Expr *Value = argNamed(Call, {"value"});
    const Expr *Self = inputTensor(Call);
    if (!Value || !Self || !isTensorType(Value->getType()) ||
        DI.ofTensor(Self) != Device::CPU)
      return std::nullopt;
    F = {Kind::FillOtherDevice, Value, Value, DI.ofTensor(Value)};
  } else if (Name == "where") {
    // E15: where_self_out moves a CPU 0-dim operand to the device of its
    // output with .to(device).
    llvm::SmallVector<const Expr *, 3> Operands;
    if (const Expr *Recv = receiverOf(Call))
      Operands.push_back(Recv);
    for (const Expr *A : {argNamed(Call, {"condition"}),
                          argNamed(Call, {"self"}), argNamed(Call, {"other"})})
      if (A && isTensorType(A->getType()))
        Operands.push_back(A);
    if (Operands.size() != 3)
      return std::nullopt; // one-argument where (D3) or Scalar overloads
    for (const Expr *O : Operands) {
      if (DI.ofTensor(O) != Device::CPU || !isZeroDim(O, DI.uses()))
        continue;
      llvm::SmallVector<const Expr *, 2> Others;
      for (const Expr *Other : Operands)
        if (Other != O)
          Others.push_back(Other);
      Device D;
      const Expr *Out = deviceOperand(Others, DI, D);
      if (!Out)
        return std::nullopt;
      return Finding{Kind::WhereCpuScalar, Out, O, D};
    }
    return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (F.D == Device::CPU)
    return std::nullopt;
  return F;
}

//===----------------------------------------------------------------------===//
// Fix-its
//===----------------------------------------------------------------------===//

/// The member name of a member call (`index_put_` in `t.index_put_(...)`),
/// or an invalid location.
static SourceLocation memberNameLoc(const CallExpr *Call) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()))
      return ME->getMemberLoc();
  return {};
}

/// E17: `t.index_put_({i}, s)` -> `t.select(0, i).fill_(s)`. Selecting the
/// element and filling it with the Scalar writes the same value with the
/// same cast and the same IndexError for an out-of-range index, without the
/// CPU tensor copy_to builds; only when the result (t itself) is not used.
static std::optional<FixItHint>
selectFillFix(const CallExpr *Call, const Finding &F, ASTContext &Ctx) {
  SourceLocation NameLoc = memberNameLoc(Call);
  if (!F.ScalarValue || NameLoc.isInvalid() || !isFixable(Call, Ctx) ||
      !isDiscarded(Call, Ctx))
    return std::nullopt;
  std::string Text;
  for (const Expr *I : F.Integers) {
    std::optional<std::string> Index = sourceText(I->getSourceRange(), Ctx);
    if (!Index)
      return std::nullopt;
    Text += (Text.empty() ? "select(0, " : ".select(0, ") + *Index + ")";
  }
  std::optional<std::string> Value =
      sourceText(F.Operand->getSourceRange(), Ctx);
  if (!Value)
    return std::nullopt;
  return replaceTokens(SourceRange(NameLoc, Call->getEndLoc()),
                       Text + ".fill_(" + *Value + ")", Ctx);
}

/// E16: a literal value -> `at::scalar_tensor(v, t.options())`. set_item
/// builds exactly that tensor (self's dtype) on the CPU for a CUDA self;
/// built on self's device it needs no copy.
static std::optional<FixItHint>
deviceValueFix(const CallExpr *Call, const Finding &F, ASTContext &Ctx) {
  if (!F.ScalarValue || !isLiteral(F.Operand) || !isFixable(Call, Ctx))
    return std::nullopt;
  std::optional<std::string> Self = plainReceiverText(Call, Ctx);
  std::optional<std::string> Value =
      sourceText(F.Operand->getSourceRange(), Ctx);
  if (!Self || !Value)
    return std::nullopt;
  return replaceTokens(
      F.Operand->getSourceRange(),
      "at::scalar_tensor(" + *Value + ", " + *Self + ".options())", Ctx);
}

/// E15: `torch::tensor(v)` / `at::scalar_tensor(v)` as a where value ->
/// `v`, which takes the Scalar overload (built on the output's device).
static std::optional<FixItHint>
whereScalarFix(const CallExpr *Call, const Finding &F, ASTContext &Ctx) {
  // Only the functions have Scalar overloads; `Tensor::where` takes tensors.
  if (isa<CXXMemberCallExpr>(Call))
    return std::nullopt;
  const Expr *Condition = argNamed(Call, {"condition"});
  if (ignoreWrappers(Condition) == ignoreWrappers(F.Operand) ||
      !isFixable(Call, Ctx))
    return std::nullopt;
  const auto *Factory = dyn_cast<CallExpr>(ignoreWrappers(F.Operand));
  const FunctionDecl *FD = Factory ? calleeOf(Factory) : nullptr;
  if (!FD || !isInLibTorchNamespace(FD) || receiverOf(Factory) ||
      !FD->getDeclName().isIdentifier() ||
      !llvm::is_contained({"tensor", "scalar_tensor"}, FD->getName()))
    return std::nullopt;
  llvm::ArrayRef<const Expr *> Args = userArgs(Factory);
  if (Args.empty() || !llvm::all_of(Args.drop_front(), [](const Expr *A) {
        return isa<CXXDefaultArgExpr>(A);
      }))
    return std::nullopt;
  const Expr *Value = stripValueWrappers(Args[0]);
  if (!Value->getType()->isArithmeticType())
    return std::nullopt;
  std::optional<std::string> Text = sourceText(Value->getSourceRange(), Ctx);
  if (!Text)
    return std::nullopt;
  return replaceTokens(F.Operand->getSourceRange(), *Text, Ctx);
}

/// A device expression for \p Self that can be evaluated before \p Loop:
/// `self.device()` of a tensor variable that is the same on every run, or
/// the invariant device or options a tensor made in the loop is built with.
static std::optional<std::string>
deviceBeforeLoop(const Expr *Self, const Stmt *Loop, const Decl *Owner,
                 Invariance &Inv, ASTContext &Ctx) {
  const VarDecl *V = localVarOf(Self);
  if (!V)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  bool BeforeLoop =
      SM.isBeforeInTranslationUnit(SM.getExpansionLoc(V->getLocation()),
                                   SM.getExpansionLoc(Loop->getBeginLoc()));
  if (BeforeLoop) {
    // Its device stays the same in the loop: never given a new value there
    // (in-place changes keep the device) nor written where it is not seen.
    if (V->getType()->isReferenceType() || !Owner || !Owner->getBody())
      return std::nullopt;
    VariableUses Uses = FunctionUses(Owner->getBody(), Ctx).of(V);
    if (Uses.Escapes || Uses.InLambda || Uses.assignedIn(Loop, Ctx))
      return std::nullopt;
    std::optional<std::string> Name =
        sourceText(ignoreWrappers(Self)->getSourceRange(), Ctx);
    return Name ? std::optional<std::string>(*Name + ".device()")
                : std::nullopt;
  }
  // Declared in the loop: its initializer names the device, unless it is
  // given a new value (in-place changes keep the device).
  if (!V->getInit() || V->getType()->isReferenceType() || !Owner ||
      !Owner->getBody())
    return std::nullopt;
  VariableUses Uses = FunctionUses(Owner->getBody(), Ctx).of(V);
  if (Uses.Escapes || !Uses.Assigned.empty())
    return std::nullopt;
  const auto *Init = dyn_cast<CallExpr>(ignoreWrappers(V->getInit()));
  const FunctionDecl *FD = Init ? calleeOf(Init) : nullptr;
  if (!FD || !FD->getDeclName().isIdentifier() || !isInLibTorchNamespace(FD))
    return std::nullopt;
  if (receiverOf(Init) && FD->getName() == "cuda" &&
      llvm::all_of(userArgs(Init),
                   [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
    return std::string("at::kCUDA");
  if (receiverOf(Init) && FD->getName() != "to")
    return std::nullopt;
  for (const Expr *A : userArgs(Init)) {
    if (isa<CXXDefaultArgExpr>(A))
      continue;
    // A Device passed where TensorOptions are expected: the Device itself.
    A = stripValueWrappers(A);
    QualType T = A->getType();
    bool DeviceLike =
        isClassType(T, "c10::Device") || isEnumType(T, "c10::DeviceType");
    bool Options = isClassType(T, "c10::TensorOptions");
    if (!DeviceLike && !Options)
      continue;
    if (!Inv.options(A))
      return std::nullopt;
    std::optional<std::string> Text = DeviceLike
                                          ? sourceText(A->getSourceRange(), Ctx)
                                          : postfixOperandText(A, Ctx);
    if (!Text)
      return std::nullopt;
    return DeviceLike ? *Text : *Text + ".device()";
  }
  return std::nullopt;
}

namespace {
struct Hoist {
  std::string Name; ///< the device copy, e.g. "idx_dev"
  FixItHint Declare;
  FixItHint Use;
  /// The hoisted copy is `pin_memory().to(dev, non_blocking)`.
  bool Pinned = false;
};
} // namespace

/// D9, E7: a CPU tensor variable that is the same on every run of the loop
/// and used only here -> copied to the device once, before the loop.
///
/// The hoisted copy must not be reported again: where the line before the
/// loop is itself hot (ReportOutsideLoops, a hot function, an outer loop),
/// a blocking `idx.to(dev)` there would be a blocking-transfer finding, so
/// the copy is made from pinned memory without blocking, which needs a
/// pageable source (pin_memory() then copies it) and a destination that is
/// CUDA on every run (pin_memory() throws without CUDA). When that is not
/// proven, no hoist is offered there.
static std::optional<Hoist> hoistToDevice(const CallExpr *Call,
                                          const Finding &F, SyncContext &Sync,
                                          ASTContext &Ctx) {
  const VarDecl *V = localVarOf(F.Operand);
  if (!V || !isFixable(Call, Ctx))
    return std::nullopt;
  auto [Loop, Owner] = enclosingLoop(Call, Ctx);
  if (!Loop || !Owner || !Owner->getBody() || Loop->getBeginLoc().isMacroID())
    return std::nullopt;
  // The declaration goes right before the loop, which must be a statement
  // of a block, at the start of its line.
  DynTypedNodeList Parents = parentsOf(*Loop, Ctx);
  if (Parents.size() != 1 || !Parents[0].get<CompoundStmt>())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation LoopBegin = Loop->getBeginLoc();
  std::pair<FileID, unsigned> Pos = SM.getDecomposedLoc(LoopBegin);
  StringRef Buffer = SM.getBufferData(Pos.first);
  StringRef Before = Buffer.substr(0, Pos.second);
  StringRef Indent = Before.substr(Before.find_last_of('\n') + 1);
  if (Indent.find_first_not_of(" \t") != StringRef::npos)
    return std::nullopt;

  Invariance Inv(Loop, Owner, Ctx);
  bool DeclaredBefore = SM.isBeforeInTranslationUnit(
      SM.getExpansionLoc(V->getLocation()), LoopBegin);
  // Used only here in the loop: nothing in it can change the values through
  // a view or an in-place op.
  if (!DeclaredBefore || !Inv.value(F.Operand) || countRefs(V, Loop, Ctx) != 1)
    return std::nullopt;
  std::optional<std::string> Device =
      deviceBeforeLoop(F.Tensor, Loop, Owner, Inv, Ctx);
  if (!Device)
    return std::nullopt;
  std::string Name = V->getName().str() + "_dev";
  if (declaresName(Owner->getBody(), Name, Ctx))
    return std::nullopt;
  std::optional<FixItHint> Use =
      replaceTokens(F.Operand->getSourceRange(), Name, Ctx);
  if (!Use)
    return std::nullopt;
  bool Pinned = Sync.hotReason(Loop, Ctx).has_value();
  if (Pinned &&
      (Sync.devices(Ctx).hostMemoryOf(F.Operand) != HostMemory::Pageable ||
       !cudaOnEveryRun(F.Tensor, Ctx)))
    return std::nullopt;
  std::string Copy =
      Pinned ? ".pin_memory().to(" + *Device + ", /*non_blocking=*/true)"
             : ".to(" + *Device + ")";
  FixItHint Declare = FixItHint::CreateInsertion(
      LoopBegin, "auto " + Name + " = " + V->getName().str() + Copy + ";" +
                     lineBreakAt(LoopBegin, SM) + Indent.str());
  return Hoist{Name, Declare, *Use, Pinned};
}

namespace {
/// D9: a CPU index variable made in hot code and used only to index tensors
/// that may be on a GPU -> made on the device of one of them where it is
/// made, so that no use copies it with a blocking copy.
struct IndexOnDevice {
  /// The use the fix goes on: the first in the source.
  const CallExpr *First = nullptr;
  /// The tensor whose device the index is made on.
  std::string DeviceOf;
  llvm::SmallVector<FixItHint, 4> Fixes;
};
} // namespace

/// A name whose device is read without side effects and whose text can be
/// repeated: `x`, or `x.to(dtype)` (same device) as `x`.
static const VarDecl *deviceNameOf(const Expr *Self) {
  Self = ignoreWrappers(Self);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Self)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!MD || !MD->getDeclName().isIdentifier() || MD->getName() != "to" ||
        !isTensorMethod(MD))
      return nullptr;
    for (const Expr *A : userArgs(MC))
      if (!isa<CXXDefaultArgExpr>(A) &&
          !isEnumType(stripValueWrappers(A)->getType(), "c10::ScalarType") &&
          !A->getType()->isBooleanType())
        return nullptr;
    Self = MC->getImplicitObjectArgument();
  }
  return localVarOf(Self);
}

/// D9: the index variable of \p F, a CPU tensor made by its initializer in
/// this function from pageable memory and used only as the index of
/// indexing calls, is made on the device of the first indexed tensor that is
/// named before it (pinned and copied without blocking where that tensor is
/// on a GPU, the initializer itself where it is on the CPU); the other uses
/// move it to their tensor's device, which copies nothing where the devices
/// agree and keeps a use on another device working as before.
static std::optional<IndexOnDevice> indexOnDevice(const Finding &F,
                                                  SyncContext &Sync,
                                                  TorchVersion Version,
                                                  ASTContext &Ctx) {
  const VarDecl *V = localVarOf(F.Operand);
  if (!V || isa<ParmVarDecl>(V) || !V->isLocalVarDecl() ||
      V->getType()->isReferenceType() || !V->getInit() ||
      V->getInitStyle() != VarDecl::CInit)
    return std::nullopt;
  const auto *Owner = dyn_cast<FunctionDecl>(V->getDeclContext());
  if (!Owner || !Owner->getBody())
    return std::nullopt;
  DeviceInference &DI = Sync.devices(Ctx);
  const FunctionUses &Uses = DI.uses().body(Owner->getBody());
  const VariableUses &VU = Uses.of(V);
  if (VU.Escapes || VU.InLambda || !VU.Writes.empty())
    return std::nullopt;
  const Expr *Init = ignoreWrappers(V->getInit());
  if (!Init || !isFixable(Init, Ctx) ||
      DI.hostMemoryOf(Init) != HostMemory::Pageable)
    return std::nullopt;

  // Every reference is the index of a call this check reports.
  struct Use {
    const CallExpr *Call;
    const Expr *Operand;
    const Expr *Tensor;
  };
  llvm::SmallVector<Use, 8> Sites;
  struct CallFinder : ASTWalker {
    llvm::SmallVector<const CallExpr *, 16> Calls;
    bool visitStmt(Stmt *S) override {
      if (const auto *C = dyn_cast<CallExpr>(S))
        Calls.push_back(C);
      return true;
    }
  } Calls;
  Calls.walk(const_cast<Stmt *>(Owner->getBody()));
  for (const CallExpr *C : Calls.Calls) {
    const FunctionDecl *FD = calleeOf(C);
    if (!FD || !FD->getDeclName().isIdentifier())
      continue;
    StringRef Name = FD->getName();
    if (Name != "index" && !Name.starts_with("index_put"))
      continue;
    std::optional<Finding> G = classify(C, Name, DI, Version, Ctx);
    if (!G || G->K != Kind::CpuIndex || localVarOf(G->Operand) != V)
      continue;
    // Every use is a finding of its own here (hot, on a device that is
    // reported), so the first one carries the fix-it and the others' notes
    // point at a warning that exists.
    if (!Sync.reportsDevice(G->D) || !Sync.hotReason(C, Ctx))
      return std::nullopt;
    Sites.push_back({C, G->Operand, G->Tensor});
  }
  if (Sites.empty() || Sites.size() != countRefs(V, Owner->getBody(), Ctx))
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::sort(Sites, [&](const Use &A, const Use &B) {
    return SM.isBeforeInTranslationUnit(A.Call->getBeginLoc(),
                                        B.Call->getBeginLoc());
  });

  // The device: a variable named before the index, never given another
  // value, whose scope holds the index's declaration.
  const VarDecl *Base = nullptr;
  for (const Use &U : Sites) {
    // Its text goes into the edits: in a template it must mean the same in
    // every instantiation (isFixable).
    const VarDecl *T = deviceNameOf(U.Tensor);
    if (!T || T->getType()->isReferenceType() || !isFixable(U.Tensor, Ctx) ||
        !SM.isBeforeInTranslationUnit(T->getLocation(), V->getLocation()))
      continue;
    const auto *TOwner = dyn_cast<FunctionDecl>(T->getDeclContext());
    if (TOwner != Owner)
      continue;
    const VariableUses &TU = Uses.of(T);
    if (TU.Escapes || TU.InLambda || !TU.Assigned.empty())
      continue;
    if (!isa<ParmVarDecl>(T)) {
      // Declared in a block that holds the index's declaration.
      DynTypedNodeList Parents = parentsOf(*T, Ctx);
      const auto *DS = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
      DynTypedNodeList Blocks =
          DS ? parentsOf(*DS, Ctx) : DynTypedNodeList(DynTypedNode());
      const auto *Block =
          DS && !Blocks.empty() ? Blocks[0].get<CompoundStmt>() : nullptr;
      if (!Block || !SM.isPointWithin(SM.getExpansionLoc(V->getLocation()),
                                      Block->getBeginLoc(), Block->getEndLoc()))
        continue;
    }
    Base = T;
    break;
  }
  if (!Base)
    return std::nullopt;

  IndexOnDevice Result;
  Result.First = Sites.front().Call;
  Result.DeviceOf = Base->getName().str();
  std::string Name = V->getName().str();
  for (const Use &U : Sites) {
    const VarDecl *T = deviceNameOf(U.Tensor);
    if (T == Base)
      continue;
    if (!T || !isFixable(U.Operand, Ctx) || !isFixable(U.Tensor, Ctx))
      return std::nullopt;
    std::optional<FixItHint> To =
        replaceTokens(U.Operand->getSourceRange(),
                      Name + ".to(" + T->getName().str() + ".device())", Ctx);
    if (!To)
      return std::nullopt;
    Result.Fixes.push_back(*To);
  }
  std::optional<std::string> Text = sourceText(Init->getSourceRange(), Ctx);
  std::optional<std::string> Postfix = postfixOperandText(Init, Ctx);
  if (!Text || !Postfix)
    return std::nullopt;
  // The device is read only where the tensor is on a GPU: an undefined
  // tensor (an optional input whose uses a `defined()` test guards) has
  // none, and off a GPU the index stays the CPU tensor it was.
  std::optional<FixItHint> Make =
      replaceTokens(Init->getSourceRange(),
                    "(" + Result.DeviceOf + ".is_cuda() ? " + *Postfix +
                        ".pin_memory().to(" + Result.DeviceOf +
                        ".device(), /*non_blocking=*/true) : " + *Text + ")",
                    Ctx);
  if (!Make)
    return std::nullopt;
  Result.Fixes.insert(Result.Fixes.begin(), *Make);
  return Result;
}

//===----------------------------------------------------------------------===//
// Messages
//===----------------------------------------------------------------------===//

void CpuIndexCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  const FunctionDecl *FD = Call ? calleeOf(Call) : nullptr;
  if (!FD || !FD->getDeclName().isIdentifier())
    return;
  DeviceInference &DI = Sync.devices(Ctx);
  std::optional<Finding> F =
      classify(Call, FD->getName(), DI, Sync.version(), Ctx);
  if (!F || !Sync.reportsDevice(F->D))
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
  if (!Hot)
    return;

  std::string Api = calledAs(Call, Ctx);
  std::string Tensor = describeTensor(F->Tensor, F->D, Ctx);
  // Every message but where()'s names the tensor just before.
  std::string Unless =
      ifCuda(F->Tensor, F->D, Ctx, /*Named=*/F->K != Kind::WhereCpuScalar);
  std::string Operand = exprText(F->Operand, Ctx);
  SourceLocation Loc = Call->getExprLoc();
  std::optional<FixItHint> Fix;
  std::optional<Hoist> HoistFix;
  std::optional<IndexOnDevice> OnDevice;

  SyncReport Report = reportSync(*Hot);
  switch (F->K) {
  case Kind::CpuIndex:
    Report.warning(Loc, "'%0' waits for the GPU to copy CPU %select{index|"
                        "mask}1 '%2' to the device of %3%4; make the "
                        "%select{index|mask}1 on the device, or copy it "
                        "there outside the hot path")
        << Api << F->Mask << Operand << Tensor << Unless;
    Report.waitsIn(
        memcpyAndSyncAfter("index.to(self.device()) in at::native::make_info"));
    // The rewrite that keeps the meaning (the index made on the device
    // where it is made) comes first; the hoist, which would no longer see
    // changes made through another reference, is a note where there is
    // none.
    if (!F->Mask)
      OnDevice = indexOnDevice(*F, Sync, Sync.version(), Ctx);
    if (!OnDevice)
      HoistFix = hoistToDevice(Call, *F, Sync, Ctx);
    if (OnDevice && OnDevice->First == Call)
      Report.fix(OnDevice->Fixes);
    break;
  case Kind::CpuProbabilities:
    Report.warning(Loc, "'%0' waits for the GPU to copy CPU probabilities "
                        "'%1' to the device of %2%3; create '%1' on the "
                        "device, or copy it there once outside the hot path")
        << Api << Operand << Tensor << Unless;
    Report.waitsIn(
        memcpyAndSyncAfter("p_.to(self.device()) in bernoulli_kernel"));
    HoistFix = hoistToDevice(Call, *F, Sync, Ctx);
    break;
  case Kind::NarrowStart:
    Report.warning(Loc, "'%0' with a tensor start waits for the GPU to read "
                        "%1%2; pass an integer start kept on the host, or use "
                        "'index_select(dim, %3 + at::arange(length, "
                        "%3.options()))' (a copy, not a view)")
        << Api << Tensor << Unless << Operand;
    Report.waitsIn(memcpyAndSyncAfter("start.item<int64_t>() in narrow"));
    break;
  case Kind::IndexFillValue:
    Report.warning(Loc, "'%0' with a tensor value waits for the GPU to read "
                        "%1%2; pass a Scalar value kept on the host, or use "
                        "'index_copy_(dim, index, %3.expand(shape))', which "
                        "copies the value on the device")
        << Api << Tensor << Unless << Operand;
    Report.waitsIn(memcpyAndSyncAfter("value.item() in index_fill_"));
    break;
  case Kind::MaskedFillValue: {
    bool InPlace = FD->getName().ends_with("_");
    Report.warning(Loc, "'%0' with a tensor value waits for the GPU to read "
                        "%1%2; use %select{'torch::where(mask, "
                        "%3.to(self.scalar_type()), self)'|'self.copy_("
                        "torch::where(mask, %3, self))'}4, which keeps the "
                        "value on the device")
        << Api << Tensor << Unless << Operand << InPlace;
    Report.waitsIn(memcpyAndSyncAfter("value.item() in masked_fill_"));
    break;
  }
  case Kind::FillOtherDevice:
    Report.warning(Loc, "'%0' of a CPU tensor with a tensor value on another "
                        "device waits for the GPU to read %1%2; pass a Scalar "
                        "value kept on the host, or fill a tensor on the "
                        "device of '%3'")
        << Api << Tensor << Unless << Operand;
    Report.waitsIn(memcpyAndSyncAfter("value.item() in fill_"));
    break;
  case Kind::WhereCpuScalar:
    Report.warning(Loc, "'%0' waits for the GPU to copy CPU 0-dim tensor '%1' "
                        "to the device of its result%2; pass the value as a "
                        "Scalar, or build '%1' on the device")
        << Api << Operand << Unless;
    Report.waitsIn(memcpyAndSyncAfter(
        ".to(device) of 0-dim CPU operands in where_self_out"));
    break;
  case Kind::IndexPutValue: {
    Fix = deviceValueFix(Call, *F, Ctx);
    Report.warning(Loc, "'%0' waits for the GPU to copy %select{CPU 0-dim "
                        "tensor|the host value}1 '%2' to the device of %3%4; "
                        "build the value on the device with "
                        "'at::scalar_tensor(v, %5options())'")
        << Api << F->ScalarValue << Operand << Tensor << Unless
        << memberPrefix(Call, F->Tensor, Ctx);
    Report.waitsIn(
        memcpyAndSyncAfter("value.to(self.device()) in _index_put_impl_"));
    Report.fix(Fix);
    break;
  }
  case Kind::SingleElement: {
    std::string Selects;
    for (const Expr *I : F->Integers)
      Selects += (Selects.empty() ? "select(0, " : ".select(0, ") +
                 exprText(I, Ctx) + ")";
    Fix = selectFillFix(Call, *F, Ctx);
    Report.warning(Loc, "'%0' of one element of %1-D %2 waits for the GPU to "
                        "copy %select{CPU 0-dim tensor|the host value}3 '%4' "
                        "to the device%5; use '%6%7.fill_(%4)', which fills "
                        "it on the device")
        << Api << static_cast<unsigned>(F->Integers.size()) << Tensor
        << F->ScalarValue << Operand << Unless
        << memberPrefix(Call, F->Tensor, Ctx) << Selects;
    Report.waitsIn(
        memcpyAndSyncAfter("dst.copy_(src) in at::indexing::copy_to"));
    Report.fix(Fix);
    break;
  }
  }

  if (OnDevice && OnDevice->First != Call)
    Report.note(OnDevice->First->getExprLoc(),
                "the fix-it of the warning here makes '" + Operand +
                    "' on the device of '" + OnDevice->DeviceOf +
                    "' where it is made, which removes this copy too");
  if (HoistFix)
    Report.fixOnNote(
        {HoistFix->Declare, HoistFix->Use},
        "copy '" + Operand + "' to the device once, before the loop, as '" +
            HoistFix->Name + "'" +
            (HoistFix->Pinned ? " (from pinned memory without blocking)" : "") +
            "; the loop then uses that copy, so a change to the data of '" +
            Operand +
            "' made through another reference would no longer be "
            "seen");
  if (F->K == Kind::WhereCpuScalar)
    Report.fixOnNote(whereScalarFix(Call, *F, Ctx),
                     "pass the value as a Scalar, which where builds on the "
                     "device; when every operand is 0-dim the result's dtype "
                     "may differ");
}

} // namespace clang::tidy::torchsync
