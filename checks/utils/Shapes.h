//===--- Shapes.h - Proven ranks of tensor expressions ----------*- C++ -*-===//
//
// Part of torchsync. Some syncs depend on a tensor's rank: a 0-dim index is
// read with item(), a 0-dim CPU operand is copied to the device, integers
// that select one element make a 0-dim destination. These helpers prove a
// rank from the code; "not proven" is always the safe answer.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_SHAPES_H
#define TORCHSYNC_UTILS_SHAPES_H

#include "VariableUses.h"
#include "clang/AST/Expr.h"
#include <optional>

namespace clang::tidy::torchsync {

/// The number of dimensions of \p E when it is proven: factories with a
/// braced size list, 1-D factories (arange, randperm, linspace), 0-dim
/// tensors (a full reduction such as `x.sum()`, `torch::tensor(3)`,
/// `at::scalar_tensor`), ops that keep the shape of a proven tensor, and
/// local variables only ever set from those and never reshaped in place nor
/// written where the new value is not seen.
std::optional<unsigned> provenDim(const Expr *E, UseIndex &Uses);

/// True when \p E is proven to be a 0-dim tensor.
bool isZeroDim(const Expr *E, UseIndex &Uses);

/// True when \p A and \p B are proven to have the same shape and device,
/// whatever they are: both are computed from one tensor variable by ops that
/// keep its shape (elementwise ops, comparisons with a scalar or a 0-dim
/// tensor, dtype conversions, logical combinations of such masks), in one
/// expression or through local variables that are never given another value;
/// where a local variable is crossed, the root variable must not be assigned
/// again or reshaped in place either. A mask proven this way broadcasts
/// against the tensor as the tensor itself does.
bool provenSameShape(const Expr *A, const Expr *B, UseIndex &Uses);

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_UTILS_SHAPES_H
