//===--- HarnessTargets.h - The functions a harness calls -----------------===//
//
// Part of torchsync. Snippet mode (Harness.h) calls the function around each
// finding. A second, small parse of a file with findings finds, for each
// finding's offset, the innermost function or lambda that holds it, and
// decides whether a harness can call it from outside (a free or static
// member function, not a template, whose parameters are tensors, arithmetic
// scalars, c10::Scalar or c10::ScalarType) and how, or says why not.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_HARNESSTARGETS_H
#define TORCHSYNC_DRIVER_HARNESSTARGETS_H

#include "InputFiles.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace torchsync {

/// What a harness makes for a parameter.
enum class ParamKind { Tensor, Integer, Real, Bool, Scalar, DType };

struct Param {
  ParamKind Kind;
  std::string Name;    ///< As declared, or "#N" when unnamed.
  std::string Type;    ///< The type of the harness's local variable.
  std::string Written; ///< The parameter's type as written, for messages.
  bool RValueRef = false;
};

/// A finding's enclosing function, or why a harness cannot call it.
struct Target {
  bool Supported = false;
  std::string Reason;
  std::string Name;   ///< Qualified, without the leading "::".
  std::string Plain;  ///< Unqualified.
  std::string Callee; ///< What the harness calls.
  std::vector<Param> Params;
  unsigned Line = 0; ///< Of the function's name.
  /// Identifies the function within its file.
  unsigned Offset = 0;
};

/// The targets of Offsets (into the main file) in File, one per offset;
/// empty when the file cannot be parsed. The compile command gets
/// ExtraArgsBefore after the compiler and ExtraArgs at the end; Overlay,
/// when not null, is laid over the file system.
std::vector<Target> findTargets(llvm::StringRef File,
                                llvm::ArrayRef<unsigned> Offsets,
                                const clang::tooling::CompilationDatabase &DB,
                                llvm::ArrayRef<std::string> ExtraArgsBefore,
                                llvm::ArrayRef<std::string> ExtraArgs,
                                const VfsOverlay *Overlay);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_HARNESSTARGETS_H
