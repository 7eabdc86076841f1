//===--- HarnessSpec.h - The inputs of harnessed functions ----------------===//
//
// Part of torchsync. Snippet mode (Harness.h) calls each harnessed function
// on fresh random inputs; a harness spec (--harness-spec, JSON,
// docs/harness.md) gives the shapes, dtypes and scalar values of some
// functions' arguments. This reads and checks it.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_HARNESSSPEC_H
#define TORCHSYNC_DRIVER_HARNESSSPEC_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace torchsync {

/// The element types a spec may name, with the c10::ScalarType enumerator
/// that the harness writes.
struct DTypeName {
  llvm::StringLiteral Name;
  llvm::StringLiteral Enumerator;
  enum { Floating, Integral, Boolean } Kind;
};

/// The element type a spec names ("float32", "int64", ...), or null.
const DTypeName *findDType(llvm::StringRef Name);

/// One argument of a function in a harness spec; an unset field means the
/// default for the parameter's type.
struct HarnessArgSpec {
  enum class Kind { Default, Tensor, Integer, Real, Bool, DType };
  Kind K = Kind::Default;
  std::vector<int64_t> Shape; ///< Tensor
  std::string DType;          ///< Tensor (element type) or DType
  std::string Device;         ///< Tensor: "cuda" or "cpu"
  int64_t Integer = 0;
  double Real = 0;
  bool Bool = false;
};

/// The inputs given for some functions (--harness-spec), by name: the
/// function's qualified name without the leading '::' ("ns::f"), or its
/// plain name ("f"), the qualified name winning.
struct HarnessSpec {
  std::map<std::string, std::vector<HarnessArgSpec>> Functions;
};

/// One argument from JSON: a tensor object, a number, a boolean, a dtype
/// name or null.
bool fromJSON(const llvm::json::Value &V, HarnessArgSpec &A,
              llvm::json::Path P);

/// Reads a harness spec (JSON; docs/harness.md). The error names the file
/// and the first problem.
llvm::Expected<HarnessSpec> readHarnessSpec(llvm::StringRef File);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_HARNESSSPEC_H
