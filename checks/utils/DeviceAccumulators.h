//===--- DeviceAccumulators.h - Running sums kept on the device -*- C++ -*-===//
//
// Part of torchsync. The most common host read in a training loop adds a
// value read from the GPU to a host variable that is read after the loop:
// `running_loss += loss.item<double>() * data.size(0);`,
// `correct += pred.eq(t).sum().item<int64_t>();`. The same running value can
// be kept in a 0-dim tensor on the value's device and read once after the
// loop. This file decides where that rewrite computes exactly what the host
// code computes, and builds it.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_DEVICEACCUMULATORS_H
#define TORCHSYNC_UTILS_DEVICEACCUMULATORS_H

#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class VarDecl;
namespace tidy::torchsync {

class UseIndex;

/// The rewrite of one accumulation.
struct DeviceAccumulator {
  /// The host variable, and the 0-dim tensor that holds its running value
  /// in the loop.
  const VarDecl *Var = nullptr;
  std::string Tensor;
  /// Where its value is read back: right after this loop.
  const Stmt *Loop = nullptr;
  /// The tensor is made from the variable before the loop, the sum is
  /// taken on the device, and the variable is assigned from the tensor
  /// after the loop.
  llvm::SmallVector<FixItHint, 3> Fixes;
};

/// For a host read \p Item (`t.item<T>()`, `t.item().toDouble()`, ...;
/// \p Value is the expression whose value is the number read: \p Item, or
/// the conversion that follows it) that is added to or subtracted from a
/// local arithmetic variable in a loop (`v += Value`, `v -= Value * n`):
/// the rewrite that keeps the running value on the tensor's device, where
/// it computes the same value, bit for bit, as the host code on every
/// device. Nullopt where that is not shown (see docs/checks/host-read.md:
/// the variable is used elsewhere in the loop, or escapes; the dtypes of
/// the device arithmetic would differ from the host's; the loop is not a
/// statement of a block; control can leave the loop past the read-back).
///
/// \p HotAfterLoop says whether the place right after a loop is itself hot
/// (the loop is nested in another, or in a hot function). The read-back
/// there is the one read per run of the loop that the rewrite is for: it
/// carries `// NOLINT(torchsync-host-read)` with that reason, so that
/// applying the fix does not raise a warning of its own in the editor and
/// fail a lint gate again.
std::optional<DeviceAccumulator>
deviceAccumulator(const CallExpr *Item, const Expr *Value, UseIndex &Uses,
                  llvm::function_ref<bool(const Stmt *Loop)> HotAfterLoop,
                  ASTContext &Ctx);

/// The conversion that follows `t.item()` (`.toDouble()`, `.to<float>()`)
/// when \p Item returns a c10::Scalar, else \p Item itself: the expression
/// whose value is the number read.
const Expr *itemValue(const CallExpr *Item, ASTContext &Ctx);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_DEVICEACCUMULATORS_H
