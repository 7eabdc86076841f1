//===--- VariableUses.h - Reads, writes and aliases of locals ---*- C++ -*-===//
//
// Part of torchsync. Every proof about a local variable (its device, its
// rank, that it stays the same in a loop, that nothing reads it before a
// wait) needs to see every write to it. This classifies each use of a local
// variable, parameter or structured binding in one function body as a read,
// an assignment of a known value, a change in place, or an escape: a use
// through which code we do not follow may write it later (a non-const
// reference or pointer, `std::tie(...) =`, `std::forward_as_tuple(...) =`,
// `std::swap`, an out-parameter, a lambda that captures it by reference).
//
// A CPU proof that cannot see every write is not a proof: clients treat a
// variable that escapes as unknown.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_VARIABLEUSES_H
#define TORCHSYNC_UTILS_VARIABLEUSES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>

namespace clang {
class ASTContext;
class LambdaExpr;
namespace tidy::torchsync {

/// How one use of a variable treats it.
enum class UseKind {
  Read,    ///< Only its value is used (copied, bound to a const reference).
  Assign,  ///< `v = e`, or `t.set_(e)` for a tensor: a new value, known.
  InPlace, ///< Changed in place: `t.add_(1)`, `v.push_back(x)`, `++i`.
  Escape   ///< May be written later by code that is not followed.
};

/// A variable passed whole to a non-const lvalue reference parameter of a
/// function (`loader.next(batch)`, `next_batch(x, y)`): an escape, which
/// device inference follows where the callee's writes are known
/// (Containers.h, outParameterCallee).
struct OutArgument {
  const CallExpr *Call = nullptr;
  unsigned Param = 0;
  /// The reference passed (one of the EscapePoints).
  const Expr *Ref = nullptr;
};

/// What a function body does with one variable.
struct VariableUses {
  /// The values assigned as a whole (`v = e`, `t.set_(e)`), besides the
  /// initializer.
  llvm::SmallVector<const Expr *, 2> Assigned;
  /// The statement that assigns each of them (`v = e`, `t.set_(e)`): the
  /// place where the variable takes that value.
  llvm::SmallVector<const Stmt *, 2> AssignedAt;
  /// The in-place changes: the calls (`t.add_(1)`, `v.push_back(x)`) or
  /// operators (`++i`, `t += 1`).
  llvm::SmallVector<const Expr *, 2> InPlace;
  /// Every use that writes: assignments, in-place changes and escapes.
  llvm::SmallVector<const Expr *, 2> Writes;
  /// Some use lets code that is not followed write it: the writes above
  /// are then not all the writes.
  bool Escapes = false;
  /// Referenced from a lambda body (by copy or by reference).
  bool InLambda = false;

  /// The uses that let code that is not followed write the variable from
  /// then on: escaping `DeclRefExpr`s, and the `LambdaExpr`s that capture it
  /// by reference.
  llvm::SmallVector<const Stmt *, 1> EscapePoints;
  /// The escapes that pass the variable to an out-parameter.
  llvm::SmallVector<OutArgument, 1> OutArgs;

  /// True when some write lies inside \p Region (a loop, or a whole body).
  bool writtenIn(const Stmt *Region, const ASTContext &Ctx) const;
  /// True when one of the \c Assigned values is given inside \p Region.
  bool assignedIn(const Stmt *Region, const ASTContext &Ctx) const;
  /// True when \p S is one of the \c EscapePoints.
  bool escapesAt(const Stmt *S) const;
};

/// The uses of every local variable, parameter and structured binding of
/// one function (or lambda) body, classified in one pass over the body.
class FunctionUses {
public:
  FunctionUses(const Stmt *Body, ASTContext &Ctx);

  /// The uses of \p V; empty when the body never names it.
  const VariableUses &of(const ValueDecl *V) const;

private:
  llvm::DenseMap<const ValueDecl *, VariableUses> Vars;
};

/// Caches the FunctionUses of the bodies asked about, for one translation
/// unit.
class UseIndex {
public:
  explicit UseIndex(ASTContext &Ctx) : Ctx(Ctx) {}
  /// The uses of \p V in the body of the function, method or lambda that
  /// declares it; null when \p V is not declared in a body (a global, a
  /// field).
  const VariableUses *of(const ValueDecl *V);
  const FunctionUses &body(const Stmt *Body);

private:
  ASTContext &Ctx;
  llvm::DenseMap<const Stmt *, std::unique_ptr<FunctionUses>> Bodies;
};

/// The body that declares the local variable, parameter or binding \p V,
/// or null.
const Stmt *declaringBody(const ValueDecl *V);

/// For `v = e` (built-in or overloaded, through parentheses), the variable
/// assigned and \p Value set to `e`; null otherwise.
const ValueDecl *assignedVariable(const Stmt *S, const Expr **Value = nullptr);

/// How the tensor method \p Name treats its receiver: `set_` assigns,
/// `copy_` and the other trailing-underscore methods change it in place,
/// the rest read it. (On `at::Tensor` in-place methods are `const`
/// members, so constness does not tell.)
UseKind tensorMethodUse(llvm::StringRef Name);

/// Classifies every use of \p V in \p Body; writes count when they lie in
/// \p Region (a loop, or the whole body). `Aliased` is true when code that
/// is not followed may write \p V, or a lambda refers to it.
struct RegionUses {
  bool WrittenInRegion = false;
  bool Aliased = false;
};
RegionUses scanUses(const VarDecl *V, const Stmt *Region, const Stmt *Body,
                    ASTContext &Ctx);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_VARIABLEUSES_H
