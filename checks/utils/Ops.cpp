//===--- Ops.cpp - The ATen operators a LibTorch call runs ----------------===//

#include "Ops.h"
#include "ASTWalk.h"
#include "TorchApi.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torchsync {
namespace {

struct CompiledFunction {
  llvm::StringRef Function, Name, Overload, Schema;
};

// The operator table's rows for compiled functions (OpTable.h has the
// rest of it).
#define TORCHSYNC_OP_TABLE_SOURCE(Version, Digest)
#define TORCHSYNC_OP(...)
#define TORCHSYNC_COMPILED(Function, Name, Overload, Schema)                   \
  CompiledFunction{Function, Name, Overload, Schema},
const CompiledFunction Compiled[] = {
#include "../ops/OpTable.inc"
};
#undef TORCHSYNC_OP_TABLE_SOURCE
#undef TORCHSYNC_OP
#undef TORCHSYNC_COMPILED

/// How deep lowering follows definitions into definitions (LibTorch's
/// wrappers are a few levels deep: `obs[i] = h` is three).
constexpr unsigned MaxDepth = 16;

/// The string a static data member of an `at::_ops` struct is initialized
/// with (`static constexpr const char *name = "aten::copy_"`), if any.
std::optional<std::string> stringMember(const CXXRecordDecl *RD,
                                        llvm::StringRef Name) {
  for (const Decl *D : RD->decls())
    if (const auto *V = dyn_cast<VarDecl>(D);
        V && V->getIdentifier() && V->getName() == Name && V->getInit())
      if (const auto *S =
              dyn_cast<StringLiteral>(V->getInit()->IgnoreParenImpCasts()))
        return S->getString().str();
  return std::nullopt;
}

/// Strips what does not change the value an argument passes on: casts,
/// temporaries, parentheses and one-argument constructors (a copy, a
/// `TensorBase` made a `Tensor`, an optional made from its value).
const Expr *strip(const Expr *E) {
  for (unsigned Steps = 0; E && Steps < 32; ++Steps) {
    const Expr *Next = ignoreTemporaries(E);
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Next))
      Next = Cast->getSubExpr();
    else if (const auto *Construct = dyn_cast<CXXConstructExpr>(Next);
             Construct && Construct->getNumArgs() == 1 &&
             !isa<CXXTemporaryObjectExpr>(Construct))
      Next = Construct->getArg(0);
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

/// Where \p E, an argument in the body of \p Def, comes from: the object
/// or a parameter of \p Def.
OpArg sourceOf(const Expr *E, const FunctionDecl *Def) {
  E = strip(E);
  if (!E)
    return OpArg();
  if (isa<CXXThisExpr>(E))
    return OpArg{OpArg::Object, 0, false};
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref &&
      isa<CXXThisExpr>(strip(U->getSubExpr())))
    return OpArg{OpArg::Object, 0, false};
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
        P && P->getDeclContext() == Def)
      return OpArg{OpArg::Argument, P->getFunctionScopeIndex(), false};
    return OpArg();
  }
  auto Derived = [](OpArg A) {
    A.Derived = A.Kind != OpArg::Other;
    return A;
  };
  // `options.device_opt()`, `self.sizes()`, `options.dtype`.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return Derived(sourceOf(MC->getImplicitObjectArgument(), Def));
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return Derived(sourceOf(ME->getBase(), Def));
  // `optTypeMetaToScalarType(options.dtype_opt())`: a function of one
  // object or argument (and constants).
  // `output_size.has_value() ? c10::make_optional(SymInt(*output_size)) :
  // c10::nullopt`: a choice made from one object or argument.
  llvm::SmallVector<const Expr *, 3> Parts;
  if (const auto *Call = dyn_cast<CallExpr>(E))
    Parts.append(Call->arg_begin(), Call->arg_end());
  else if (const auto *Cond = dyn_cast<ConditionalOperator>(E))
    Parts = {Cond->getCond(), Cond->getTrueExpr(), Cond->getFalseExpr()};
  if (!Parts.empty()) {
    std::optional<OpArg> Only;
    for (const Expr *Arg : Parts) {
      OpArg A = sourceOf(Arg, Def);
      if (A.Kind == OpArg::Other)
        continue;
      A.Derived = false;
      if (Only && !(*Only == A))
        return OpArg();
      Only = A;
    }
    return Only ? Derived(*Only) : OpArg();
  }
  return OpArg();
}

/// True for the statements whose parts may not all run: the parts of a
/// branch, a loop, `?:`, `&&` and `||`.
bool branches(const Stmt *S) {
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return B->isLogicalOp();
  return isa<IfStmt, SwitchStmt, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt,
             AbstractConditionalOperator, CXXTryStmt>(S);
}

/// The calls in a definition, in the order the walk meets them (not those
/// in lambdas, which may never run), and whether each is under a branch.
class CallCollector : public ASTWalker {
public:
  std::vector<std::pair<const CallExpr *, bool>> Calls;
  bool enterStmt(Stmt *S) override {
    if (isa<LambdaExpr>(S))
      return false;
    Branches += branches(S);
    return true;
  }
  void leaveStmt(Stmt *S) override { Branches -= branches(S); }
  bool visitStmt(Stmt *S) override {
    if (const auto *Call = dyn_cast<CallExpr>(S))
      Calls.push_back({Call, Branches > 0});
    return true;
  }

private:
  unsigned Branches = 0;
};

} // namespace

const Expr *argumentIn(const CallExpr *Call, const OpArg &A) {
  if (A.Kind == OpArg::Object)
    return receiverOf(Call);
  llvm::ArrayRef<const Expr *> Args = userArgs(Call);
  return A.Kind == OpArg::Argument && A.Index < Args.size() ? Args[A.Index]
                                                            : nullptr;
}

std::optional<OpCall> compiledOp(llvm::StringRef QualifiedName) {
  for (const CompiledFunction &C : Compiled)
    if (C.Function == QualifiedName) {
      OpCall Op;
      Op.Name = C.Name.str();
      Op.Overload = C.Overload.str();
      Op.Schema = C.Schema.str();
      Op.Args.push_back(OpArg{OpArg::Object, 0, false});
      return Op;
    }
  return std::nullopt;
}

std::optional<OpCall> OpLowering::opOf(const FunctionDecl *FD) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
  if (!MD || !MD->isStatic() || !MD->getIdentifier() || MD->getName() != "call")
    return std::nullopt;
  const CXXRecordDecl *RD = MD->getParent();
  const auto *NS = dyn_cast<NamespaceDecl>(RD->getDeclContext());
  if (!NS || !NS->getIdentifier() || NS->getName() != "_ops" ||
      !RD->getIdentifier())
    return std::nullopt;
  const auto *Outer = dyn_cast<NamespaceDecl>(NS->getDeclContext());
  if (!Outer || !Outer->getIdentifier() || Outer->getName() != "at" ||
      !Outer->getDeclContext()->isTranslationUnit())
    return std::nullopt;
  OpCall Op;
  // Where the headers define the strings out of line (Windows CUDA builds),
  // the struct's name is the operator's, with its overload after a '_'.
  Op.Name = stringMember(RD, "name").value_or("aten::" + RD->getName().str());
  Op.Overload = stringMember(RD, "overload_name").value_or("");
  Op.Schema = stringMember(RD, "schema_str").value_or("");
  for (unsigned I = 0, N = MD->getNumParams(); I != N; ++I)
    Op.Args.push_back(OpArg{OpArg::Argument, I, false});
  return Op;
}

llvm::ArrayRef<OpCall> OpLowering::lower(const FunctionDecl *FD) {
  if (!FD)
    return {};
  const FunctionDecl *Key = FD->getCanonicalDecl();
  if (auto It = Memo.find(Key); It != Memo.end())
    return It->second ? llvm::ArrayRef<OpCall>(*It->second)
                      : llvm::ArrayRef<OpCall>();
  auto Result = std::make_unique<std::vector<OpCall>>();
  if (std::optional<OpCall> Op = opOf(FD)) {
    Result->push_back(std::move(*Op));
    return *(Memo[Key] = std::move(Result));
  }
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) && isInLibTorchNamespace(FD)) {
    if (std::optional<OpCall> Op = compiledOp(qualifiedName(FD)))
      Result->push_back(std::move(*Op));
    return *(Memo[Key] = std::move(Result));
  }
  if (!Def || !isInLibTorchNamespace(Def) || Depth >= MaxDepth)
    return *(Memo[Key] = std::move(Result));

  Memo[Key] = nullptr; // In progress: a recursive call runs nothing more.
  ++Depth;
  CallCollector Collector;
  Collector.walk(Def->getBody());
  for (auto [Call, Conditional] : Collector.Calls) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      continue;
    if (std::optional<OpCall> Op = opOf(Callee)) {
      for (unsigned I = 0; I < Op->Args.size(); ++I) {
        const Expr *Arg = I < Call->getNumArgs() ? Call->getArg(I) : nullptr;
        Op->Args[I] = Arg ? sourceOf(Arg, Def) : OpArg();
      }
      Op->Conditional = Conditional;
      Result->push_back(std::move(*Op));
      continue;
    }
    for (OpCall Op : lower(Callee)) {
      Op.Conditional |= Conditional;
      for (OpArg &A : Op.Args) {
        const Expr *From = argumentIn(Call, A);
        bool Derived = A.Derived;
        A = From ? sourceOf(From, Def) : OpArg();
        A.Derived |= Derived && A.Kind != OpArg::Other;
      }
      Result->push_back(std::move(Op));
    }
  }
  --Depth;
  return *(Memo[Key] = std::move(Result));
}

} // namespace clang::tidy::torchsync
