//===--- DeviceAccumulators.cpp - Running sums kept on the device ---------===//

#include "DeviceAccumulators.h"
#include "ASTWalk.h"
#include "FixIts.h"
#include "Parents.h"
#include "Shapes.h"
#include "SourceText.h"
#include "Templates.h"
#include "TorchApi.h"
#include "VariableUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::torchsync {

namespace {

/// A C++ arithmetic type that a tensor holds exactly: its dtype, the C++
/// type `item<>()` reads it as, and its rank in the promotions that C++'s
/// usual arithmetic conversions and PyTorch's type promotion share (for
/// these four types they agree, up to signedness, which does not change
/// the bits of a sum or a product).
struct Dtype {
  llvm::StringRef Name, CType;
  unsigned Rank = 0;
  bool Floating = false;
  bool operator==(const Dtype &O) const { return Rank == O.Rank; }
};

constexpr Dtype Int{"at::kInt", "int32_t", 1, false};
constexpr Dtype Long{"at::kLong", "int64_t", 2, false};
constexpr Dtype Float{"at::kFloat", "float", 3, true};
constexpr Dtype Double{"at::kDouble", "double", 4, true};

std::optional<Dtype> dtypeOf(QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType().getUnqualifiedType();
  const auto *BT = T->getAs<BuiltinType>();
  if (!BT)
    return std::nullopt;
  if (BT->getKind() == BuiltinType::Double)
    return Double;
  if (BT->getKind() == BuiltinType::Float)
    return Float;
  if (!BT->isInteger() || BT->isBooleanType() || T->isAnyCharacterType())
    return std::nullopt;
  switch (Ctx.getTypeSize(T)) {
  case 64:
    return Long;
  case 32:
    return Int;
  default:
    return std::nullopt;
  }
}

/// The C++ type that `item<D.CType>()` returns, as the AST spells it.
QualType cTypeOf(const Dtype &D, const ASTContext &Ctx) {
  if (D == Double)
    return Ctx.DoubleTy;
  if (D == Float)
    return Ctx.FloatTy;
  return Ctx.getIntTypeForBitwidth(D == Long ? 64 : 32, /*Signed=*/true);
}

bool contains(const Stmt *S, SourceLocation Loc, const SourceManager &SM) {
  return SM.isPointWithin(Loc, S->getBeginLoc(), S->getEndLoc());
}

/// The loop whose end the running value is read back after: the outermost
/// loop around \p S in \p V's scope, in the same function (no lambda in
/// between). Null when there is none, or when a `try` lies between that
/// loop and \p V's declaration (a handler could read the variable before
/// the read-back).
const Stmt *accumulationLoop(const Stmt *S, const VarDecl *V, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Loop = nullptr;
  bool TryAbove = false;
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Steps = 0; Steps < 1024; ++Steps) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.size() != 1)
      return nullptr;
    Node = Parents[0];
    const auto *St = Node.get<Stmt>();
    if (!St)
      return nullptr; // A function or a lambda's body: V is not in scope.
    if (isa<LambdaExpr, BlockExpr>(St))
      return nullptr;
    if (contains(St, V->getLocation(), SM))
      return TryAbove ? nullptr : Loop;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(St)) {
      Loop = St;
      TryAbove = false;
    } else if (Loop && isa<CXXTryStmt>(St)) {
      TryAbove = true;
    }
  }
  return nullptr;
}

/// The file offset just past the last token of \p Loop (the `;` of a
/// body that is an expression, or of a do-while, included).
std::optional<unsigned> endOffsetOf(const Stmt *Loop, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation End = Lexer::getLocForEndOfToken(Loop->getEndLoc(), 0, SM, LO);
  // A body that is not a block ends with an expression, whose `;` is not
  // part of it; a do-while ends with `;` after its condition.
  if (std::optional<Token> Next =
          Lexer::findNextToken(Loop->getEndLoc(), SM, LO);
      Next && Next->is(tok::semi))
    End = Next->getEndLoc();
  else if (isa<DoStmt>(Loop))
    return std::nullopt;
  if (End.isInvalid() || !End.isFileID())
    return std::nullopt;
  return SM.getFileOffset(End);
}

} // namespace

const Expr *itemValue(const CallExpr *Item, ASTContext &Ctx) {
  if (isTensorType(Item->getType()) || Item->getType()->isArithmeticType())
    return Item;
  // t.item().toDouble(), t.item().to<float>()
  const CXXMemberCallExpr *Conv = memberCallOn(Item, Ctx);
  if (!Conv || Conv->getNumArgs() != 0 || !Conv->getType()->isArithmeticType())
    return Item;
  const CXXMethodDecl *MD = Conv->getMethodDecl();
  if (!MD || !MD->getDeclName().isIdentifier() ||
      !(MD->getName().starts_with("to") && MD->getName() != "toComplexDouble"))
    return Item;
  return Conv;
}

std::optional<DeviceAccumulator>
deviceAccumulator(const CallExpr *Item, const Expr *Value, UseIndex &Uses,
                  llvm::function_ref<bool(const Stmt *Loop)> HotAfterLoop,
                  ASTContext &Ctx) {
  const Expr *Tensor = receiverOf(Item);
  if (!Tensor && Item->getNumArgs() == 1)
    Tensor = Item->getArg(0); // at::_local_scalar_dense(t)
  if (!Tensor || !Value || !isFixable(Value, Ctx))
    return std::nullopt;
  std::optional<Dtype> ValueType = dtypeOf(Value->getType(), Ctx);
  if (!ValueType)
    return std::nullopt;

  // `v += Value`, `v -= Value * n`, `v += (Value / n)`.
  const Expr *Top = nullptr;
  const Stmt *P = parentPastWrappers(Value, Top, Ctx);
  std::optional<Dtype> RhsType = ValueType;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
      BO && (BO->getOpcode() == BO_Mul || BO->getOpcode() == BO_Div)) {
    const Expr *Other = Top == BO->getLHS() ? BO->getRHS() : BO->getLHS();
    QualType OtherType = Other->IgnoreParenImpCasts()->getType();
    // The device computes `tensor op scalar` in the tensor's dtype: the
    // host must too (an integer times a floating value, a narrower integer
    // times a wider one, and integer division do not).
    RhsType = dtypeOf(BO->getType(), Ctx);
    if (!RhsType || !(*RhsType == *ValueType) ||
        !(OtherType->isIntegerType() ||
          Ctx.hasSameUnqualifiedType(OtherType, Value->getType())) ||
        OtherType->isBooleanType() ||
        (BO->getOpcode() == BO_Div && !ValueType->Floating))
      return std::nullopt;
    P = parentPastWrappers(BO, Top, Ctx);
  }
  const auto *Sum = dyn_cast_or_null<CompoundAssignOperator>(P);
  if (!Sum ||
      (Sum->getOpcode() != BO_AddAssign && Sum->getOpcode() != BO_SubAssign) ||
      Top == Sum->getLHS() || !isDiscarded(Sum, Ctx) || !isFixable(Sum, Ctx))
    return std::nullopt;
  const auto *Ref = dyn_cast<DeclRefExpr>(Sum->getLHS()->IgnoreParens());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || isa<ParmVarDecl>(V) || !V->isLocalVarDecl() || V->isStaticLocal() ||
      V->getType()->isReferenceType() || V->getType().isVolatileQualified())
    return std::nullopt;
  // The dtypes are spelled in the edit: in a template, from types written
  // as its parameters they would be this instantiation's alone.
  if (isWrittenAsTemplateParameter(Value->getType(), Sum, Ctx) ||
      isWrittenAsTemplateParameter(V->getType(), Sum, Ctx) ||
      isWrittenAsTemplateParameter(Sum->getComputationResultType(), Sum, Ctx))
    return std::nullopt;
  std::optional<Dtype> VarType = dtypeOf(V->getType(), Ctx);
  std::optional<Dtype> SumType = dtypeOf(Sum->getComputationResultType(), Ctx);
  // The host adds in SumType and converts to VarType; the device promotes
  // VarType and RhsType, which is SumType for these types, and converts
  // back where that differs.
  if (!VarType || !SumType ||
      SumType->Rank != std::max(VarType->Rank, RhsType->Rank))
    return std::nullopt;
  const VariableUses *U = Uses.of(V);
  if (!U || U->Escapes)
    return std::nullopt;

  const Stmt *Loop = accumulationLoop(Sum, V, Ctx);
  if (!Loop || !isPlainFileRange(Loop->getSourceRange()) ||
      countRefs(V, Loop, Ctx) != 1 ||
      containsStmtWhere(Loop, [](const Stmt *S) {
        return isa<GotoStmt, IndirectGotoStmt>(S);
      }))
    return std::nullopt;
  DynTypedNodeList LoopParents = parentsOf(*Loop, Ctx);
  if (LoopParents.size() != 1 || !LoopParents[0].get<CompoundStmt>())
    return std::nullopt;
  std::optional<std::string> Indent = indentationOf(Loop, Ctx);
  const auto *Owner = dyn_cast_or_null<FunctionDecl>(V->getDeclContext());
  std::string Name = V->getName().str() + "_dev";
  if (!Indent || !Owner || !Owner->getBody() ||
      declaresName(Owner->getBody(), Name, Ctx))
    return std::nullopt;

  // The read-back goes on a line of its own after the loop: only blanks or
  // a line comment may follow the loop on its last line.
  const SourceManager &SM = Ctx.getSourceManager();
  std::optional<unsigned> LoopEnd = endOffsetOf(Loop, Ctx);
  FileID File = SM.getFileID(Loop->getBeginLoc());
  StringRef Buffer = SM.getBufferData(File);
  if (!LoopEnd || *LoopEnd > Buffer.size())
    return std::nullopt;
  size_t LineEnd = Buffer.find('\n', *LoopEnd);
  if (LineEnd == StringRef::npos)
    return std::nullopt;
  StringRef Rest = Buffer.slice(*LoopEnd, LineEnd).trim();
  if (!Rest.empty() && !Rest.starts_with("//"))
    return std::nullopt;
  std::string NL = lineBreakAt(Loop->getBeginLoc(), SM);

  // The sum, on the device: `v += Value * n` -> `v_dev = v_dev +
  // t.detach().to(dtype) * n`, converted to v's dtype where the host's
  // `+=` converts.
  std::optional<std::string> SumText = sourceText(Sum->getSourceRange(), Ctx);
  std::optional<std::string> TensorText = postfixOperandText(Tensor, Ctx);
  if (!SumText || !TensorText)
    return std::nullopt;
  unsigned SumBegin = SM.getFileOffset(Sum->getBeginLoc());
  unsigned RhsBegin = SM.getFileOffset(Sum->getRHS()->getBeginLoc());
  unsigned ValueBegin = SM.getFileOffset(Value->getBeginLoc());
  std::optional<std::string> ValueText =
      sourceText(Value->getSourceRange(), Ctx);
  if (!ValueText || RhsBegin < SumBegin || ValueBegin < RhsBegin ||
      ValueBegin - SumBegin + ValueText->size() > SumText->size())
    return std::nullopt;
  std::string Rhs = SumText->substr(RhsBegin - SumBegin);
  // A value that is not proven 0-dim (isZeroDim: a reduction over all
  // elements, a variable made by one, ...) is viewed as 0-dim. item() needs
  // one element, so the view has it, and a value with more throws in the
  // loop's statement, where item() threw, not after the loop with the sum
  // of every step broadcast. And PyTorch promotes a tensor with dimensions
  // over a 0-dim one of the same kind: a one-element [1] float added to the
  // 0-dim double sum would be added in float, where the host's `+=`
  // promotes as for two scalars, which the device does for two 0-dim
  // tensors.
  bool View = !isZeroDim(Tensor, Uses);
  Rhs.replace(ValueBegin - RhsBegin, ValueText->size(),
              *TensorText + ".detach().to(" + ValueType->Name.str() + ")" +
                  (View ? ".reshape({})" : ""));
  std::string Op = Sum->getOpcode() == BO_AddAssign ? " + " : " - ";
  std::string NewSum = Name + Op + Rhs;
  if (!(*SumType == *VarType))
    NewSum = "(" + NewSum + ").to(" + VarType->Name.str() + ")";
  std::optional<FixItHint> Add =
      replaceTokens(Sum->getSourceRange(), Name + " = " + NewSum, Ctx);
  if (!Add)
    return std::nullopt;

  // Made from the variable before the loop, read back after it.
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  bool Exact = Ctx.hasSameUnqualifiedType(V->getType(), cTypeOf(*VarType, Ctx));
  std::string VarName = V->getName().str();
  std::string Initial =
      Exact ? VarName
            : "static_cast<" + VarType->CType.str() + ">(" + VarName + ")";
  std::string Read = Name + ".item<" + VarType->CType.str() + ">()";
  if (!Exact)
    Read = "static_cast<" +
           V->getType().getUnqualifiedType().getAsString(Policy) + ">(" + Read +
           ")";
  DeviceAccumulator Result;
  Result.Var = V;
  Result.Tensor = Name;
  Result.Loop = Loop;
  Result.Fixes.push_back(FixItHint::CreateInsertion(
      Loop->getBeginLoc(), "at::Tensor " + Name + " = at::scalar_tensor(" +
                               Initial + ", " + VarType->Name.str() + ");" +
                               NL + *Indent));
  Result.Fixes.push_back(*Add);
  Result.Fixes.push_back(FixItHint::CreateInsertion(
      SM.getComposedLoc(File, static_cast<unsigned>(LineEnd + 1)),
      *Indent + VarName + " = " + Read + ";" +
          (HotAfterLoop(Loop)
               ? " // NOLINT(torchsync-host-read): one read after the loop"
               : "") +
          NL));
  return Result;
}

} // namespace clang::tidy::torchsync
