//===--- EntryPoints.h - Functions that code outside calls ------*- C++ -*-===//
//
// Part of torchsync. Operator libraries have no training loop: PyTorch's
// dispatcher or Python calls their functions once per model step. This finds
// the functions a translation unit registers as such entry points (design.md,
// "Whole-program facts"), where it registers them and, for the dispatcher,
// under which dispatch key:
//   - `TORCH_LIBRARY(ns, m)` / `TORCH_LIBRARY_FRAGMENT(ns, m)` /
//     `TORCH_LIBRARY_IMPL(ns, Key, m)` blocks: `m.def("sig", &fn)`,
//     `m.def("name", fn)`, `m.impl("name", &fn)`, `m.impl("name",
//     TORCH_FN(fn))`, `m.impl("name", torch::dispatch(Key, fn))`,
//     `m.impl("name", Key, fn)`, lambdas in place of `fn`;
//   - `torch::RegisterOperators().op("sig", &fn)`, the constructor form, and
//     `options().kernel(Key, fn)` / `catchAllKernel(fn)`;
//   - `PYBIND11_MODULE(name, m)`: `m.def("name", &fn, ...)`, and the `def` /
//     `def_static` of `py::class_` bindings;
//   - the static `forward` and `backward` of a class derived from
//     `torch::autograd::Function<F>`;
//   - the functions the library exports with C linkage (`extern "C"` with
//     default visibility, or dllexport): its C API, which a host program
//     calls through `dlsym`, ctypes, JNI or another FFI layer.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_ENTRYPOINTS_H
#define TORCHSYNC_UTILS_ENTRYPOINTS_H

#include "program/Device.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
namespace tidy::torchsync {

/// How a function is made callable from outside the translation unit.
enum class RegistrationKind {
  TorchLibrary,      ///< `m.def` / `m.impl` in a TORCH_LIBRARY* block.
  RegisterOperators, ///< `torch::RegisterOperators` (the legacy API).
  Pybind11,          ///< `m.def` of a PYBIND11_MODULE, a `py::class_` def.
  AutogradFunction,  ///< `forward` / `backward` of a torch::autograd::Function.
  Named,             ///< A function the EntryPoints option names.
  ExportedC          ///< A function the library exports with C linkage.
};

/// One registration of one function.
struct EntryPoint {
  RegistrationKind Kind = RegistrationKind::TorchLibrary;
  /// The function registered: a function, a member function, the call
  /// operator of a lambda, or the static forward/backward of an autograd
  /// function.
  const FunctionDecl *Function = nullptr;
  /// Where it is registered: the argument that names the function (or the
  /// lambda), or for an autograd function the `torch::autograd::Function<F>`
  /// base specifier.
  SourceLocation Loc;
  /// The dispatch key it is registered under, as its enumerator is named
  /// ("CUDA", "CPU", "AutogradCUDA", ...), from `TORCH_LIBRARY_IMPL(ns, Key,
  /// m)`, `torch::dispatch(Key, fn)`, `m.impl(name, Key, fn)` or
  /// `kernel(Key, fn)`; empty for a registration without one (a catch-all
  /// kernel from `TORCH_LIBRARY` `m.def`, Python bindings).
  std::string DispatchKey;
  /// The variable a registered lambda is held in (`m.def("op", op)`), for
  /// notes; empty otherwise.
  std::string Holder;
};

/// What a dispatch key says about the device of the tensors a kernel
/// registered under it receives: CPU for a CPU backend key (CPU, SparseCPU,
/// AutogradCPU, ...), CUDA for a CUDA one (CUDA, SparseCUDA, AutogradCUDA,
/// ...), None for anything else (a catch-all, autograd or composite key,
/// or no key).
Device deviceOfDispatchKey(llvm::StringRef Key);

/// Every entry point registered in the user code of one translation unit.
/// The search runs once, on the first question.
class EntryPointIndex {
public:
  explicit EntryPointIndex(ASTContext &Ctx) : Ctx(Ctx) {}

  /// The EntryPoints option's names and regular expressions: the functions
  /// defined in user code whose name or qualified name they match entirely
  /// are entry points too (RegistrationKind::Named, at their definition).
  /// The first non-empty list given before the search runs is kept.
  void setNamed(llvm::ArrayRef<std::string> Patterns) {
    if (!Built && Named.empty())
      Named.assign(Patterns.begin(), Patterns.end());
  }

  /// All registrations, in source order of the translation unit.
  llvm::ArrayRef<EntryPoint> all();

  /// The registrations of \p FD: of its canonical declaration or, for an
  /// instantiation, of the template it was instantiated from.
  llvm::SmallVector<const EntryPoint *, 2> of(const FunctionDecl *FD);

  /// True when this translation unit calls \p FD directly (not through a
  /// registration): then callers besides the dispatcher exist.
  bool calledDirectly(const FunctionDecl *FD);

private:
  void build();

  ASTContext &Ctx;
  bool Built = false;
  std::vector<std::string> Named;
  std::vector<EntryPoint> Entries;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<unsigned, 2>> ByDecl;
  llvm::DenseMap<const FunctionDecl *, bool> Called;
};

/// The entry points of \p Ctx's translation unit, for callers that keep no
/// index (the whole-program summaries).
std::vector<EntryPoint> findEntryPoints(ASTContext &Ctx);

/// A name for the function of \p E in notes: `fn`, `F::forward`, the
/// variable holding a lambda, or `lambda` for a lambda written in place.
std::string entryPointName(const EntryPoint &E);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_ENTRYPOINTS_H
