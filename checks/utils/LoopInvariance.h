//===--- LoopInvariance.h - Values that stay the same in a loop -*- C++ -*-===//
//
// Part of torchsync. A sync in a loop whose inputs do not change from one
// run to the next can often move before the loop: a host-data tensor built
// once, a CPU index copied to the device once. These helpers decide whether
// an expression is the same on every run of a loop.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_LOOPINVARIANCE_H
#define TORCHSYNC_UTILS_LOOPINVARIANCE_H

#include "VariableUses.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <utility>

namespace clang {
class ASTContext;
namespace tidy::torchsync {

/// The innermost loop around \p S in its own function or lambda (null when
/// there is none), and that function or lambda's declaration.
std::pair<const Stmt *, const Decl *> enclosingLoop(const Stmt *S,
                                                    ASTContext &Ctx);

/// True when \p S runs once every N runs of its innermost loop: in the
/// branch of an `if` that a remainder test picks (the then-branch of
/// `if (step % kLogInterval == 0)`, also as an operand of `&&`, the
/// else-branch of `!=`). A read there is already made every N iterations.
bool isUnderPeriodicTest(const Stmt *S, ASTContext &Ctx);

/// Decides whether values stay the same on every run of a loop, so that
/// work on them could be done once before it. With no loop (the code is hot
/// because of `forward`, a call from a loop or HotFunctions) only constants
/// count.
class Invariance {
public:
  Invariance(const Stmt *Loop, const Decl *Owner, ASTContext &Ctx)
      : Loop(Loop), Owner(Owner), Ctx(Ctx) {}

  /// A value: a constant, or a variable declared before the loop that is
  /// never written in it nor aliased (tensor variables included), or a const
  /// local whose initializer is invariant; and arithmetic on those.
  bool value(const Expr *E, unsigned Depth = 0);

  /// A TensorOptions / Device / DeviceType expression built from invariant
  /// values (never from tensor metadata such as `t.options()`).
  bool options(const Expr *E, unsigned Depth = 0);

  /// A vector, array or ArrayRef variable of host values.
  bool array(const Expr *E);

private:
  static const Expr *ignoreArrayConversion(const Expr *E);
  bool declaredInLoop(const VarDecl *V) const;
  bool variable(const VarDecl *V, unsigned Depth);

  const Stmt *Loop;
  const Decl *Owner;
  ASTContext &Ctx;
};

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_LOOPINVARIANCE_H
