//===--- TorchApi.h - Recognizing LibTorch types and calls ------*- C++ -*-===//
//
// Part of torchsync. LibTorch spells one API in several namespaces
// (torch::, at::, c10::, at::cuda::); these helpers look through that to the
// canonical declaration, as sync-catalog.md section 2 describes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_TORCHAPI_H
#define TORCHSYNC_UTILS_TORCHAPI_H

#include "SourceText.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/ASTMatchers/ASTMatchersMacros.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang {
class ASTContext;
namespace tidy::torchsync {

/// Matches a type that is `at::Tensor` or `at::TensorBase` (and so
/// `torch::Tensor`), through typedefs, cv-qualifiers and references.
ast_matchers::internal::Matcher<QualType> tensorType();

/// True for `at::Tensor` / `at::TensorBase` through typedefs, cv and
/// references.
bool isTensorType(QualType T);

/// True for a `std::vector<at::Tensor>` / `c10::ArrayRef<at::Tensor>` /
/// `c10::IListRef<at::Tensor>` (ITensorListRef) /
/// `std::initializer_list<at::Tensor>` (cv, references).
bool isTensorListType(QualType T);

/// The braced list a tensor-list argument was built from (`{a, b}` through
/// the ArrayRef / ITensorListRef / initializer_list it converts to), or null
/// when the list is not written at the call.
const InitListExpr *bracedTensorList(const Expr *Arg);

/// True when \p T names the class \p QualifiedName (e.g. "::c10::Device")
/// through typedefs, cv and references.
bool isClassType(QualType T, llvm::StringRef QualifiedName);

/// True when \p T is the enum \p QualifiedName (e.g. "::c10::DeviceType").
bool isEnumType(QualType T, llvm::StringRef QualifiedName);

/// The CUDA path that host reads and blocking copies end in.
inline constexpr llvm::StringLiteral MemcpyAndSyncPath =
    "c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)";

/// The path of a host read or blocking copy made by LibTorch at \p Where
/// ("value.item() in fill_"): "<Where>, then <MemcpyAndSyncPath>", for
/// SyncReport::waitsIn.
inline std::string memcpyAndSyncAfter(llvm::StringRef Where) {
  return (Where + ", then " + MemcpyAndSyncPath).str();
}

/// True when \p D is declared inside LibTorch's namespaces (at, c10, torch,
/// and the namespaces nested in them).
bool isInLibTorchNamespace(const Decl *D);

/// Matches a function declared in LibTorch's namespaces (the calls whose
/// operator the op layer can look up in the operator table).
AST_MATCHER(FunctionDecl, isLibTorchFunction) {
  return isInLibTorchNamespace(&Node);
}

/// True for `torch::nn::Module` and the classes derived from it.
bool derivesFromModule(const CXXRecordDecl *RD);

/// Strips parentheses, implicit casts, temporaries (materialized or bound)
/// and cleanups.
const Expr *ignoreTemporaries(const Expr *E);

/// Strips the nodes that do not change which value an expression denotes:
/// parentheses, implicit casts, temporaries, cleanups and the implicit copy,
/// move and converting constructors of LibTorch value types.
const Expr *ignoreWrappers(const Expr *E);

/// The local variable (or parameter) \p E names once wrappers are
/// stripped, or null.
const VarDecl *localVarOf(const Expr *E);

/// True for a member function of `at::Tensor` / `at::TensorBase`.
bool isTensorMethod(const FunctionDecl *FD);

/// The callee of a call, member call or operator call, or null.
const FunctionDecl *calleeOf(const Expr *Call);

/// The fully qualified name of \p FD's canonical declaration, e.g.
/// "at::Tensor::item" or "c10::cuda::stream_synchronize".
std::string qualifiedName(const FunctionDecl *FD);

/// The object a member call or member operator call is made on (for
/// `x.item()`, `x`; for `x[i]`, `x`), or null.
const Expr *receiverOf(const Expr *Call);

/// The arguments as the user wrote them: for a member operator call the
/// object is not counted as an argument.
llvm::ArrayRef<const Expr *> userArgs(const Expr *Call);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_TORCHAPI_H
