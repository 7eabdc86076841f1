//===--- CallArgs.h - Reading the arguments of LibTorch calls ---*- C++ -*-===//
//
// Part of torchsync. Whether a LibTorch call syncs often depends on one
// argument: a defaulted `output_size`, a literal value, an index list. These
// helpers find an argument by parameter name and read what the user wrote
// through the Scalar / optional / ArrayRef conversions it goes through.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_CALLARGS_H
#define TORCHSYNC_UTILS_CALLARGS_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <initializer_list>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
namespace tidy::torchsync {

/// The argument passed for the callee's parameter named one of \p Names
/// (defaulted ones included, as CXXDefaultArgExpr), or null. For a member
/// operator call the object is not counted as an argument.
const Expr *argNamed(const CallExpr *Call,
                     std::initializer_list<llvm::StringRef> Names);

/// How many arguments the call writes: its arguments up to the first one
/// left to its default (a CXXDefaultArgExpr). LibTorch releases add
/// defaulted parameters (2.x's `Library::impl(name, fn, rv = REGISTER)`), so
/// a count of a call's arguments that names a form must not include them.
unsigned writtenArgCount(const CallExpr *Call);

/// The tensor an op works on: the object of a member call, else the
/// argument for \p Param, else the first tensor argument; or null.
const Expr *inputTensor(const CallExpr *Call, llvm::StringRef Param = "self");

/// Strips what a value goes through on its way into a parameter: default
/// arguments, parentheses, casts, temporaries, and the one-argument
/// constructors of non-tensor types (`Scalar`, `optional`, `ArrayRef`,
/// `string_view`).
const Expr *stripValueWrappers(const Expr *E);

/// True when \p E leaves an optional argument empty: `c10::nullopt`,
/// `std::nullopt` or `{}`, written or defaulted. A null \p E is false.
bool isNullopt(const Expr *E);

/// The value of a numeric constant argument: a literal, a constexpr
/// variable or a default argument.
std::optional<double> constantValue(const Expr *E, const ASTContext &Ctx);

/// How the API is named at \p Call, for a message: `nonzero()` for a member
/// call, else the qualifier as written and the name (`torch::where()`).
std::string calledAs(const CallExpr *Call, const ASTContext &Ctx);

/// The elements of a braced index list `{a, Slice(), m}` as written,
/// through the c10::List / ArrayRef / optional<Tensor> it is converted to;
/// empty when the list is not spelled at the call.
llvm::SmallVector<const Expr *, 4> indexListElements(const Expr *List);

/// What the arguments of a tensor `to(...)` call name, by parameter type:
/// `to(TensorOptions, ...)`, `to(Device, ScalarType, ...)`,
/// `to(ScalarType, ...)`, `to(const Tensor &other, ...)` and
/// `to(optional<ScalarType>, optional<Layout>, optional<Device>, ...)`.
struct ToArguments {
  /// The TensorOptions, Device or optional<Device> written at the call.
  const Expr *DeviceSpec = nullptr;
  /// The tensor of `to(other)`: the result takes its device and dtype.
  const Expr *Other = nullptr;
  /// The call also converts the dtype (a dtype or `other` is given).
  bool Converts = false;
};
ToArguments toArguments(const CallExpr *Call);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_CALLARGS_H
