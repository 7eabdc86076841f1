//===--- SharedAnalyses.h - Indexes a translation unit shares --*- C++ -*-===//
//
// Part of torchsync. The analyses of a translation unit that depend on its
// AST alone, and not on a check's options or on whole-program facts: how
// function bodies use their variables (UseIndex), the operator-library entry
// points (EntryPointIndex), what the guards decide about parameters
// (DeviceGuards), where each function is named (HotPath's call sites), the
// ATen operators LibTorch's functions run (OpLowering), which definitions
// of a variable reach each use (ReachingDefs) and what local containers
// and out-parameters hold (ContainerContents).
// Every check, every DeviceInference (the per-check one, the fresh ones of
// assumeCuda and cudaOnEveryRun) and the whole-program summary of one
// translation unit share one set, made on the first question and freed with
// the ASTContext, so each index is built once per translation unit.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_SHAREDANALYSES_H
#define TORCHSYNC_UTILS_SHAREDANALYSES_H

#include "Containers.h"
#include "DeviceGuards.h"
#include "EntryPoints.h"
#include "Ops.h"
#include "ReachingDefs.h"
#include "VariableUses.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace clang {
class ASTContext;
class Decl;
class FunctionDecl;
class ParmVarDecl;
class Stmt;
class VarDecl;
namespace tidy::torchsync {

/// Every place a function is named (calls, address taken), by canonical
/// declaration, and every use of a variable holding a lambda: the index
/// HotPathAnalysis builds on its first question.
struct NameUseIndex {
  bool Built = false;
  llvm::DenseMap<const Decl *, llvm::SmallVector<const Stmt *, 4>> Uses;
};

class SharedAnalyses {
public:
  /// The shared analyses of \p Ctx's translation unit (thread-safe: the
  /// driver analyzes several translation units at once, each on one thread).
  static SharedAnalyses &of(ASTContext &Ctx);

  SharedAnalyses(const SharedAnalyses &) = delete;
  SharedAnalyses &operator=(const SharedAnalyses &) = delete;

  UseIndex &uses() { return Uses; }
  EntryPointIndex &entryPoints() { return Entries; }
  DeviceGuards &guards() { return Guards; }
  NameUseIndex &nameUses() { return Names; }
  OpLowering &ops() { return Ops; }
  /// The reaching definitions of \p FD's variables, built on the first
  /// question about it.
  const ReachingDefs &reachingDefs(const FunctionDecl *FD);
  /// What the local container variable \p V holds (contentsOf), read once.
  const ContainerContents &contents(const ValueDecl *V);
  /// What its function puts in the out-parameter \p P (outContentsOf),
  /// read once.
  const ContainerContents &outContents(const ParmVarDecl *P);
  /// Whether a check reported what is wrong with the summary file in this
  /// translation unit (in an editor, TorchSyncCheck::reportProblemInFile).
  bool &summaryProblemsReported() { return ProblemsReported; }

private:
  explicit SharedAnalyses(ASTContext &Ctx)
      : Ctx(Ctx), Uses(Ctx), Entries(Ctx), Guards(Ctx, Uses, Entries) {}
  static void release(void *Shared);

  ASTContext &Ctx;
  UseIndex Uses;
  EntryPointIndex Entries;
  DeviceGuards Guards;
  NameUseIndex Names;
  OpLowering Ops;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<ReachingDefs>> Flows;
  llvm::DenseMap<const ValueDecl *, std::unique_ptr<ContainerContents>>
      Contents;
  llvm::DenseMap<const ParmVarDecl *, std::unique_ptr<ContainerContents>>
      OutContents;
  bool ProblemsReported = false;
};

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_SHAREDANALYSES_H
