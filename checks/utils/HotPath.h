//===--- HotPath.h - Does a statement run over and over? --------*- C++ -*-===//
//
// Part of torchsync. A sync matters when it runs on every iteration of
// something: design.md ("What counts as a finding") defines the hot paths.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_HOTPATH_H
#define TORCHSYNC_UTILS_HOTPATH_H

#include "EntryPoints.h"
#include "SyncOptions.h"
#include "clang/AST/ASTTypeTraits.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
class LambdaExpr;
class Stmt;
class VarDecl;
namespace tidy::torchsync {

struct NameUseIndex;

/// Why a statement is on a hot path.
struct HotReason {
  enum KindType {
    Loop,           ///< In a loop body or loop condition.
    CalledFromLoop, ///< In a function or lambda called from a hot path.
    EntryPoint,     ///< In a function registered as an operator library's
                    ///< entry point (EntryPoints.h): run once per step.
    Forward,        ///< In `forward` of a `torch::nn::Module` subclass.
    HotFunction,    ///< In a function named by the `HotFunctions` option.
    Everywhere,     ///< Not hot, but `ReportOutsideLoops` is set.
    /// Only where findings record their conditions (Recorder Record
    /// mode): hot if the function Callee (USR Usr) is hot, which the
    /// program's call graph decides (program/Index.h).
    IfHot
  };
  KindType Kind = Loop;
  /// The loop, for CalledFromLoop the hot call site, for EntryPoint the
  /// registration.
  SourceLocation Loc;
  /// For CalledFromLoop: the function or lambda called there; for
  /// EntryPoint: the function registered; for IfHot: the function whose
  /// hotness decides.
  std::string Callee;
  /// For IfHot: the USR of that function.
  std::string Usr;
  /// For EntryPoint: how it is registered.
  RegistrationKind Registration = RegistrationKind::TorchLibrary;

  bool conditional() const { return Kind == IfHot; }
};

/// Classifies statements of one translation unit as hot or not. Function
/// results and the call-site index are computed once per translation unit.
class HotPathAnalysis {
public:
  /// The entry points and the call-site index are the translation unit's
  /// shared ones (SharedAnalyses.h).
  HotPathAnalysis(ASTContext &Ctx, const SyncOptions &Opts);

  /// Where findings record their conditions, a function without a local
  /// reason to be hot is hot if it is (IfHot): the program decides.
  void setRecording(bool On) { Recording = On; }

  /// Why \p S is hot, or nullopt if it is not (ignoring ReportOutsideLoops).
  std::optional<HotReason> classify(const Stmt *S);

  /// True when \p S lies in a loop condition or the condition of an `if`,
  /// `switch`, `?:`, or a condition variable: where a value read on the
  /// host decides control flow.
  static bool isInCondition(const Stmt *S, ASTContext &Ctx,
                            const Stmt **ControlStmt = nullptr);

private:
  std::optional<HotReason> classifyNode(DynTypedNode Node);
  std::optional<HotReason> classifyFunction(const FunctionDecl *FD);
  std::optional<HotReason> classifyLambda(const LambdaExpr *LE);
  std::optional<HotReason> hotUse(llvm::ArrayRef<const Stmt *> Uses,
                                  std::string Callee);
  void buildUseIndex();
  std::optional<HotReason> registeredAt(const FunctionDecl *FD);

  ASTContext &Ctx;
  const SyncOptions &Opts;
  bool Recording = false;
  /// Every place a function is named (calls, address taken), by canonical
  /// declaration; and every use of a variable holding a lambda (shared).
  NameUseIndex &Names;
  llvm::DenseMap<const Decl *, llvm::SmallVector<const Stmt *, 4>> &Uses;
  llvm::DenseMap<const Decl *, std::optional<HotReason>> FunctionMemo;
  llvm::DenseMap<const Decl *, bool> InProgress;
  EntryPointIndex &EntryPoints;
};

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_HOTPATH_H
