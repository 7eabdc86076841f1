//===--- ReachingDefs.h - Which writes of a variable reach a use -*- C++
//-*-===//
//
// Part of torchsync. Per program point facts about local variables: the
// definitions (its declaration, an assignment of a whole new value, or its
// value on entry for a parameter) that may reach one use of it, on clang's
// CFG of the function, or its exit. A variable that holds a host tensor and
// is then reassigned to its copy on a device has one device before the
// assignment and another after it.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_REACHINGDEFS_H
#define TORCHSYNC_UTILS_REACHINGDEFS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>

namespace clang {
class ASTContext;
class CFG;
class CFGBlock;
class FunctionDecl;
class Stmt;
class VarDecl;
namespace tidy::torchsync {

/// The CFG of one function body, built once, answering which definitions of
/// a variable reach a statement.
class ReachingDefs {
public:
  ReachingDefs(const FunctionDecl *FD, ASTContext &Ctx);
  ~ReachingDefs();

  /// One definition that reaches a use.
  struct Def {
    /// The assignment (one of the sites given), or null for the variable's
    /// declaration, or for the value a parameter has on entry.
    const Stmt *Site = nullptr;
  };

  /// The definitions of \p V that may reach \p Use on some path: its
  /// declaration (or, for a parameter, its value on entry) and those of
  /// \p AssignSites (the statements that give it a whole new value) that
  /// reach it. nullopt when \p Use is not a statement of the function's
  /// CFG (in a lambda, an unevaluated operand) or the CFG could not be
  /// built: the caller then knows nothing per point.
  std::optional<llvm::SmallVector<Def, 2>>
  reaching(const VarDecl *V, const llvm::SmallPtrSetImpl<const Stmt *> &Sites,
           const Stmt *Use) const;

  /// The definitions of \p V that may reach the function's exit (a
  /// `return` or the end of its body): for an out-parameter, what the
  /// caller finds in it after the call. As reaching(); nullopt when the
  /// CFG could not be built.
  std::optional<llvm::SmallVector<Def, 2>>
  reachingExit(const VarDecl *V,
               const llvm::SmallPtrSetImpl<const Stmt *> &Sites) const;

  /// True when \p S is a statement of the function's CFG (not in a
  /// lambda's body, not unevaluated).
  bool contains(const Stmt *S) const { return Where.count(S); }

private:
  /// The definitions of \p V that reach element \p End of block \p B.
  llvm::SmallVector<Def, 2>
  reachingFrom(const VarDecl *V,
               const llvm::SmallPtrSetImpl<const Stmt *> &Sites,
               const CFGBlock *B, unsigned End) const;

  std::unique_ptr<CFG> Graph;
  /// Where each statement of the CFG is: its block and its index there.
  llvm::DenseMap<const Stmt *, std::pair<const CFGBlock *, unsigned>> Where;
};

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_REACHINGDEFS_H
