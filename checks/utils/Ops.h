//===--- Ops.h - The ATen operators a LibTorch call runs --------*- C++ -*-===//
//
// Part of torchsync. A LibTorch call is one of many spellings of the ATen
// operator it runs: `obs[i] = h` is `Tensor::operator=(const Tensor &) &&`,
// which LibTorch's header defines as `copy_(rhs)`, which runs `aten::copy_`;
// `t.nonzero()`, `at::nonzero(t)` and `torch::nonzero(t)` all run
// `aten::nonzero`. LibTorch's headers define these wrappers inline, down to a
// call of `at::_ops::<op>::call`, whose struct names the operator, its
// overload and its schema. OpLowering follows those definitions in the
// translation unit (whichever LibTorch version it was parsed with), so that
// an analysis can reason about operators instead of spellings.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_OPS_H
#define TORCHSYNC_UTILS_OPS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CallExpr;
class Expr;
class FunctionDecl;
namespace tidy::torchsync {

/// Where an argument of an operator comes from in the call that runs it.
struct OpArg {
  enum KindType {
    Object,   ///< The object the member function is called on (`*this`).
    Argument, ///< One of the call's arguments.
    Other     ///< Anything else: a constant, a default, a local value.
  };
  KindType Kind = Other;
  /// For Argument: the index of the parameter of the called function.
  unsigned Index = 0;
  /// True when the operator receives something computed from the object or
  /// argument (`options.device_opt()`, `self.sizes()`), not the value
  /// itself.
  bool Derived = false;

  bool operator==(const OpArg &O) const {
    return Kind == O.Kind && Index == O.Index && Derived == O.Derived;
  }
};

/// One ATen operator that a call runs.
struct OpCall {
  /// The operator's name, "aten::copy_".
  std::string Name;
  /// Its overload name: "" for the default, "Tensor", "out", ...
  std::string Overload;
  /// Its schema as the headers give it:
  /// "copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) ->
  /// Tensor(a!)".
  std::string Schema;
  /// Where each argument of `at::_ops::<op>::call` comes from, in order.
  llvm::SmallVector<OpArg, 4> Args;
  /// True when some definition on the way runs it only on some paths: under
  /// an `if`, a loop, a `switch`, `?:`, `&&` or `||` (a `TORCH_CHECK`'s
  /// failure branch, a fast path).
  bool Conditional = false;
};

/// The expression of \p Call that \p A names: the object the function is
/// called on, or the argument of its parameter \p A.Index; null for Other.
/// (Where \p A is Derived, the operator receives something computed from
/// it.)
const Expr *argumentIn(const CallExpr *Call, const OpArg &A);

/// The operator a function that LibTorch's library defines (so that its
/// definition cannot be followed) runs, by the operator table's rows for
/// compiled functions (checks/ops/facts.yaml): `at::Tensor::item` ->
/// aten::item, its object as the operator's first argument. Null for
/// others.
std::optional<OpCall> compiledOp(llvm::StringRef QualifiedName);

/// The operators the calls of LibTorch functions run, for one translation
/// unit (the declarations it holds), memoized per function.
class OpLowering {
public:
  /// The operators a call of \p FD may run, in the order the walk of its
  /// definition meets their calls: found by following LibTorch's inline
  /// definitions (in namespaces at, c10 and torch) down to the
  /// `at::_ops::<op>::call` they make, with each operator's arguments mapped
  /// back to the object and arguments of a call of \p FD. Every call in a
  /// definition counts, whatever branch it is on (OpCall::Conditional says
  /// which are on a branch). A function that LibTorch's library defines is
  /// lowered by the table's rows for compiled functions (compiledOp:
  /// `item<T>()`); any other is empty, as is a function that is not
  /// LibTorch's.
  llvm::ArrayRef<OpCall> lower(const FunctionDecl *FD);

  /// The operator that \p FD runs when it is `at::_ops::<op>::call` itself
  /// (its arguments the call's own, in order).
  static std::optional<OpCall> opOf(const FunctionDecl *FD);

private:
  /// null while a function is being lowered (recursion runs no operator).
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<std::vector<OpCall>>>
      Memo;
  unsigned Depth = 0;
};

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_OPS_H
