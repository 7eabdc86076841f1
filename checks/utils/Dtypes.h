//===--- Dtypes.h - Proving the dtype of a tensor expression ----*- C++ -*-===//
//
// Part of torchsync. Several syncs depend on an index's dtype: a bool mask
// makes the output shape depend on the data (dynamic-shape), a long index
// tensor is copied to the indexed tensor's device (cpu-index). These proofs
// are conservative: false means "not proven", never "proven otherwise".
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_DTYPES_H
#define TORCHSYNC_UTILS_DTYPES_H

#include "clang/AST/Expr.h"

namespace clang {
class ASTContext;
namespace tidy::torchsync {

/// True when \p E is a tensor whose dtype is proven to be bool: a
/// comparison, a logical op, isfinite / isnan, a factory or `to()` with
/// kBool, a dtype-preserving op on one of those, or a local variable that
/// only ever holds one of those.
bool isProvenBool(const Expr *E, ASTContext &Ctx);

/// True when \p E is proven to be an integer (long / int) index tensor:
/// ops that return long indices, factories and conversions naming kLong /
/// kInt, `arange` with integer bounds and no dtype (int64 by default), or a
/// local variable initialized with one.
bool isProvenIntegerIndex(const Expr *E);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_DTYPES_H
