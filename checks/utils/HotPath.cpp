//===--- HotPath.cpp - Does a statement run over and over? ----------------===//

#include "HotPath.h"
#include "ASTWalk.h"
#include "Parents.h"
#include "SharedAnalyses.h"
#include "TorchApi.h"
#include "UserCode.h"
#include "program/Recorder.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::torchsync {

namespace {
class UseIndexer : public ASTWalker {
public:
  explicit UseIndexer(
      llvm::DenseMap<const Decl *, llvm::SmallVector<const Stmt *, 4>> &Uses)
      : Uses(Uses) {
    TemplateInstantiations = true;
  }

  bool visitStmt(Stmt *S) override {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      const ValueDecl *D = DRE->getDecl();
      if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
        Uses[FD->getCanonicalDecl()].push_back(DRE);
      } else if (const auto *V = dyn_cast<VarDecl>(D)) {
        const CXXRecordDecl *RD =
            V->getType().getNonReferenceType()->getAsCXXRecordDecl();
        if (RD && RD->isLambda())
          Uses[V->getCanonicalDecl()].push_back(DRE);
      }
    } else if (const auto *ME = dyn_cast<MemberExpr>(S)) {
      if (const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl()))
        Uses[MD->getCanonicalDecl()].push_back(ME);
    }
    return true;
  }

private:
  llvm::DenseMap<const Decl *, llvm::SmallVector<const Stmt *, 4>> &Uses;
};
} // namespace

HotPathAnalysis::HotPathAnalysis(ASTContext &Ctx, const SyncOptions &Opts)
    : Ctx(Ctx), Opts(Opts), Names(SharedAnalyses::of(Ctx).nameUses()),
      Uses(Names.Uses), EntryPoints(SharedAnalyses::of(Ctx).entryPoints()) {
  EntryPoints.setNamed(Opts.EntryPoints);
}

void HotPathAnalysis::buildUseIndex() {
  if (Names.Built)
    return;
  Names.Built = true;
  const SourceManager &SM = Ctx.getSourceManager();
  UseIndexer Indexer(Uses);
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (SM.isInSystemHeader(D->getLocation()) || isLibraryNamespace(D))
      continue;
    Indexer.walk(D);
  }
}

std::optional<HotReason> HotPathAnalysis::classify(const Stmt *S) {
  return classifyNode(DynTypedNode::create(*S));
}

std::optional<HotReason> HotPathAnalysis::classifyNode(DynTypedNode Node) {
  DynTypedNode Prev = Node;
  for (unsigned Steps = 0; Steps < 512; ++Steps) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return std::nullopt;
    DynTypedNode P = Parents[0];
    const Stmt *From = Node.get<Stmt>();
    auto LoopAt = [](const Stmt *Loop) {
      HotReason R;
      R.Kind = HotReason::Loop;
      R.Loc = Loop->getBeginLoc();
      return R;
    };
    if (const auto *For = P.get<ForStmt>()) {
      if (From && (From == For->getBody() || From == For->getCond() ||
                   From == For->getInc() ||
                   From == For->getConditionVariableDeclStmt()))
        return LoopAt(For);
    } else if (const auto *While = P.get<WhileStmt>()) {
      // Body, condition, or `while (auto x = ...)`.
      return LoopAt(While);
    } else if (const auto *Do = P.get<DoStmt>()) {
      // `do { ... } while (0)` is how macros make one statement: not a loop.
      bool Repeats = true;
      const Expr *Cond = Do->getCond();
      if (!Cond || Cond->isValueDependent() ||
          !Cond->EvaluateAsBooleanCondition(Repeats, Ctx))
        Repeats = true; // Not a constant: assume it loops.
      if (Repeats)
        return LoopAt(Do);
    } else if (const auto *Range = P.get<CXXForRangeStmt>()) {
      if (From && From == Range->getBody())
        return LoopAt(Range);
    } else if (const auto *LE = P.get<LambdaExpr>()) {
      if (From && From == LE->getBody())
        return classifyLambda(LE);
    } else if (const auto *FD = P.get<FunctionDecl>()) {
      return classifyFunction(FD);
    } else if (P.get<TranslationUnitDecl>()) {
      return std::nullopt;
    }
    Node = P;
  }
  return std::nullopt;
}

std::optional<HotReason>
HotPathAnalysis::hotUse(llvm::ArrayRef<const Stmt *> UseSites,
                        std::string Callee) {
  // A use that is hot only if its function is (IfHot) does not make the
  // callee definitely hot: the program's call graph decides (the driver's
  // summary records that call site with its condition).
  std::optional<HotReason> Conditional;
  for (const Stmt *Use : UseSites) {
    if (std::optional<HotReason> R = classify(Use)) {
      if (R->conditional()) {
        if (!Conditional)
          Conditional = R;
        continue;
      }
      HotReason Called;
      Called.Kind = HotReason::CalledFromLoop;
      Called.Loc = Use->getBeginLoc();
      Called.Callee = std::move(Callee);
      return Called;
    }
  }
  return Conditional;
}

std::optional<HotReason>
HotPathAnalysis::classifyFunction(const FunctionDecl *FD) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && MD->getParent()->isLambda()) {
    // The call operator of a lambda: find the lambda expression.
    for (const DynTypedNode &P : parentsOf(*MD->getParent(), Ctx))
      if (const auto *LE = P.get<LambdaExpr>())
        return classifyLambda(LE);
    return std::nullopt;
  }
  const Decl *Key = FD->getCanonicalDecl();
  if (auto It = FunctionMemo.find(Key); It != FunctionMemo.end())
    return It->second;
  if (InProgress.lookup(Key))
    return std::nullopt; // Recursion: decided by the other call sites.
  InProgress[Key] = true;

  std::optional<HotReason> Result;
  std::string Name = FD->getNameAsString();
  std::string QName = FD->getQualifiedNameAsString();
  if (llvm::any_of(Opts.HotFunctions, [&](const std::string &H) {
        return H == Name || H == QName || "::" + QName == H;
      })) {
    Result = HotReason{HotReason::HotFunction, FD->getLocation(), Name};
  } else if (std::optional<HotReason> Entry = registeredAt(FD)) {
    // Before `forward`: the static forward of a torch::autograd::Function
    // is hot as an entry point, with its own note.
    Result = std::move(Entry);
  } else if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
             MD && Name == "forward" && derivesFromModule(MD->getParent()) &&
             MD->getParent()->getQualifiedNameAsString() !=
                 "torch::nn::Module") {
    Result = HotReason{HotReason::Forward, FD->getLocation(), Name};
  } else {
    buildUseIndex();
    Result = hotUse(Uses.lookup(Key), Name);
    if (!Result || Result->conditional())
      if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
        if (std::optional<HotReason> R =
                hotUse(Uses.lookup(Pattern->getCanonicalDecl()), Name);
            R && !R->conditional())
          Result = R;
    // `main` is never called from the program (C++ forbids it): it is not
    // hot through callers in a whole-project run either.
    if (Recording && !FD->isMain() && (!Result || Result->conditional())) {
      const FunctionDecl *Named = FD;
      if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
        Named = Pattern;
      std::string Usr = usrOf(Named->getCanonicalDecl());
      if (!Usr.empty())
        Result = HotReason{HotReason::IfHot, FD->getLocation(), Name, Usr};
    }
  }
  InProgress[Key] = false;
  FunctionMemo[Key] = Result;
  return Result;
}

std::optional<HotReason> HotPathAnalysis::registeredAt(const FunctionDecl *FD) {
  llvm::SmallVector<const EntryPoint *, 2> Entries = EntryPoints.of(FD);
  if (Entries.empty())
    return std::nullopt;
  HotReason R;
  R.Kind = HotReason::EntryPoint;
  R.Loc = Entries.front()->Loc;
  R.Callee = entryPointName(*Entries.front());
  R.Registration = Entries.front()->Kind;
  return R;
}

std::optional<HotReason> HotPathAnalysis::classifyLambda(const LambdaExpr *LE) {
  // A lambda registered as an operator or a Python function.
  if (std::optional<HotReason> R = registeredAt(LE->getCallOperator()))
    return R;
  // A lambda written inside a loop (e.g. passed to an algorithm there) runs
  // on every iteration. Where that is only "if the enclosing function is
  // hot" (a whole-program condition), a call of the lambda in a loop of its
  // own still makes it hot.
  std::optional<HotReason> Where = classify(LE);
  if (Where && !Where->conditional())
    return Where;
  // A lambda stored in a variable is hot where that variable is used.
  DynTypedNode Node = DynTypedNode::create(*LE);
  for (unsigned Steps = 0; Steps < 8; ++Steps) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      break;
    if (const auto *V = Parents[0].get<VarDecl>()) {
      buildUseIndex();
      std::optional<HotReason> Used =
          hotUse(Uses.lookup(V->getCanonicalDecl()), V->getNameAsString());
      if (Used && (!Used->conditional() || !Where))
        return Used;
      break;
    }
    if (!Parents[0].get<Expr>())
      break;
    Node = Parents[0];
  }
  return Where;
}

bool HotPathAnalysis::isInCondition(const Stmt *S, ASTContext &Ctx,
                                    const Stmt **ControlStmt) {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Steps = 0; Steps < 256; ++Steps) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return false;
    DynTypedNode P = Parents[0];
    const Stmt *From = Node.get<Stmt>();
    const Stmt *Control = nullptr;
    bool InCond = false;
    if (const auto *If = P.get<IfStmt>()) {
      Control = If;
      InCond = From && (From == If->getCond() ||
                        From == If->getConditionVariableDeclStmt());
    } else if (const auto *While = P.get<WhileStmt>()) {
      Control = While;
      InCond = From && (From == While->getCond() ||
                        From == While->getConditionVariableDeclStmt());
    } else if (const auto *Do = P.get<DoStmt>()) {
      Control = Do;
      InCond = From && From == Do->getCond();
    } else if (const auto *For = P.get<ForStmt>()) {
      Control = For;
      InCond = From && (From == For->getCond() ||
                        From == For->getConditionVariableDeclStmt());
    } else if (const auto *Switch = P.get<SwitchStmt>()) {
      Control = Switch;
      InCond = From && (From == Switch->getCond() ||
                        From == Switch->getConditionVariableDeclStmt());
    } else if (const auto *CO = P.get<AbstractConditionalOperator>()) {
      if (From && From == CO->getCond()) {
        if (ControlStmt)
          *ControlStmt = CO;
        return true;
      }
      Node = P;
      continue;
    } else if (P.get<Expr>() || P.get<VarDecl>() ||
               (P.get<DeclStmt>() && Node.get<VarDecl>())) {
      // Still inside the expression (or a condition variable's initializer).
      Node = P;
      continue;
    } else {
      return false;
    }
    if (InCond && ControlStmt)
      *ControlStmt = Control;
    return InCond;
  }
  return false;
}

} // namespace clang::tidy::torchsync
