//===--- ReachingDefs.cpp - Which writes of a variable reach a use --------===//

#include "ReachingDefs.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"

namespace clang::tidy::torchsync {

ReachingDefs::ReachingDefs(const FunctionDecl *FD, ASTContext &Ctx) {
  if (!FD || !FD->hasBody())
    return;
  CFG::BuildOptions Options;
  // Every expression its own element, so that a use inside the right-hand
  // side of `h = h.to(d)` comes before the assignment.
  Options.setAllAlwaysAdd();
  Graph = CFG::buildCFG(FD, FD->getBody(), &Ctx, Options);
  if (!Graph)
    return;
  for (const CFGBlock *B : *Graph) {
    unsigned I = 0;
    for (const CFGElement &E : *B) {
      if (std::optional<CFGStmt> S = E.getAs<CFGStmt>())
        Where.try_emplace(S->getStmt(), B, I);
      ++I;
    }
  }
}

ReachingDefs::~ReachingDefs() = default;

/// True when \p S declares \p V (the CFG gives each declaration of a
/// `DeclStmt` its own).
static bool declares(const Stmt *S, const VarDecl *V) {
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (D == V)
        return true;
  return false;
}

std::optional<llvm::SmallVector<ReachingDefs::Def, 2>>
ReachingDefs::reaching(const VarDecl *V,
                       const llvm::SmallPtrSetImpl<const Stmt *> &Sites,
                       const Stmt *Use) const {
  auto It = Where.find(Use);
  if (!Graph || It == Where.end())
    return std::nullopt;
  return reachingFrom(V, Sites, It->second.first, It->second.second);
}

std::optional<llvm::SmallVector<ReachingDefs::Def, 2>>
ReachingDefs::reachingExit(
    const VarDecl *V, const llvm::SmallPtrSetImpl<const Stmt *> &Sites) const {
  if (!Graph)
    return std::nullopt;
  const CFGBlock &Exit = Graph->getExit();
  return reachingFrom(V, Sites, &Exit, Exit.size());
}

llvm::SmallVector<ReachingDefs::Def, 2>
ReachingDefs::reachingFrom(const VarDecl *V,
                           const llvm::SmallPtrSetImpl<const Stmt *> &Sites,
                           const CFGBlock *Start, unsigned StartEnd) const {
  llvm::SmallVector<Def, 2> Found;
  bool Declaration = false;
  auto Add = [&](const Stmt *Site) {
    if (!Site) {
      Declaration = true;
      return;
    }
    for (const Def &D : Found)
      if (D.Site == Site)
        return;
    Found.push_back(Def{Site});
  };
  // Walks back from each point to the nearest definition on every path.
  llvm::SmallVector<std::pair<const CFGBlock *, unsigned>, 8> Work;
  llvm::SmallPtrSet<const CFGBlock *, 16> Entered;
  Work.push_back({Start, StartEnd});
  while (!Work.empty()) {
    auto [B, End] = Work.pop_back_val();
    bool Defined = false;
    for (unsigned I = End; I-- > 0;) {
      std::optional<CFGStmt> S = (*B)[I].getAs<CFGStmt>();
      if (!S)
        continue;
      if (Sites.contains(S->getStmt())) {
        Add(S->getStmt());
        Defined = true;
        break;
      }
      if (declares(S->getStmt(), V)) {
        Add(nullptr);
        Defined = true;
        break;
      }
    }
    if (Defined)
      continue;
    if (B == &Graph->getEntry()) {
      Add(nullptr); // A parameter's value on entry.
      continue;
    }
    for (const CFGBlock::AdjacentBlock &Pred : B->preds())
      if (const CFGBlock *P = Pred.getReachableBlock();
          P && Entered.insert(P).second)
        Work.push_back({P, static_cast<unsigned>(P->size())});
  }
  if (Declaration)
    Found.insert(Found.begin(), Def{nullptr});
  return Found;
}

} // namespace clang::tidy::torchsync
