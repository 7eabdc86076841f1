//===--- OpTable.h - What an ATen operator does on CUDA ---------*- C++ -*-===//
//
// Part of torchsync. One table of operator knowledge, keyed by ATen operator
// and overload: whether the operator makes the host wait on CUDA (it reads a
// value on the host, or sizes its output from the device), under which
// condition, which check reports it, and the catalog evidence. Generated
// into checks/ops/OpTable.inc from checks/ops/facts.yaml and ATen's own tags
// (docs/ops.md). The checks ask it about the operators a call runs
// (Ops.h), whatever the C++ spelling of the call.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_OPTABLE_H
#define TORCHSYNC_UTILS_OPTABLE_H

#include "Ops.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
namespace tidy::torchsync {

class OpLowering;

enum class OpEffect {
  None,      ///< The operator does not wait (a tag that overstates).
  HostRead,  ///< It reads a value of a CUDA tensor on the host.
  OutputSize ///< It reads the size of its output from the device.
};

/// When an operator waits.
enum class OpCondition {
  Always,
  BoolIndex, ///< an index of the list argument is a bool mask
  Absent,    ///< the optional argument is not given
  Equals     ///< the argument is the constant WhenValue
};

/// One row of the table.
struct OpFact {
  llvm::StringRef Name;     ///< "aten::nonzero"
  llvm::StringRef Overload; ///< "" for the default overload, "out", ...
  OpEffect Effect;
  llvm::StringRef Check;  ///< the check that reports it, "dynamic-shape"
  llvm::StringRef Tensor; ///< the schema argument whose device decides
  OpCondition When;
  llvm::StringRef WhenArg; ///< the schema argument the condition reads
  int64_t WhenValue;
  llvm::StringRef Row;      ///< its sync-catalog row, "D1"
  llvm::StringRef Evidence; ///< its snippet pair, "dynamic-shape/nonzero"
  llvm::StringRef Calls;    ///< for a composite: the operator that waits
  llvm::StringRef Versions; ///< the LibTorch versions where it holds
  llvm::StringRef Source;   ///< the ATen tags it comes from, or "torchsync"
  llvm::StringRef Schema;   ///< its schema in the source release
};

/// Every row.
llvm::ArrayRef<OpFact> opFacts();

/// The PyTorch release whose native_functions.yaml the table was made from.
llvm::StringRef opTableSourceVersion();

/// The row of an operator, or null.
const OpFact *opFact(llvm::StringRef Name, llvm::StringRef Overload);

/// The argument names of a schema, in order:
/// "copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> ..."
/// gives {self, src, non_blocking}.
llvm::SmallVector<llvm::StringRef, 8> schemaArgumentNames(llvm::StringRef S);

/// An operator that a call runs and that the table says makes the host wait
/// there.
struct OpWait {
  const OpFact *Fact = nullptr;
  /// The operator as the call runs it.
  const OpCall *Op = nullptr;
  /// The expression of the call whose device decides (the row's tensor):
  /// null when the operator receives something the call's own arguments do
  /// not name.
  const Expr *Tensor = nullptr;
};

/// The operator that \p Call is a spelling of, when the table says it waits
/// there: the call runs that one operator on every path through LibTorch's
/// definitions (a call that runs several, one of them on every path, is a
/// composite whose wait is hidden inside it: not a spelling of that op);
/// its row is reported by \p Check; and the call's arguments are shown to
/// meet its condition (a condition they do not decide is taken not to hold:
/// no finding without it).
std::optional<OpWait> waitingOp(const CallExpr *Call, llvm::StringRef Check,
                                OpLowering &Ops, ASTContext &Ctx);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_OPTABLE_H
