//===--- UserCode.h - Is this the user's code or a library's? ---*- C++ -*-===//
//
// Part of torchsync. Findings are only ever reported in the user's code, so
// the matchers and the parent maps leave out what the compiler read from
// system headers and from LibTorch's own headers (design.md, "What counts as
// a finding"). The driver also limits its traversal scope with this test.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_USERCODE_H
#define TORCHSYNC_UTILS_USERCODE_H

#include "clang/AST/Stmt.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/ASTMatchers/ASTMatchersMacros.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class Decl;
class SourceManager;
namespace tidy::torchsync {

/// True for a header of LibTorch itself (ATen, c10, caffe2, torch/csrc and
/// the torch/*.h umbrella headers beside torch/csrc).
bool isLibTorchHeader(llvm::StringRef Path);

/// True when \p Loc (its expansion) is in the main file or in a header that
/// is neither a system header nor one of LibTorch's; an invalid location
/// counts as user code. The LibTorch path test is made once per file.
bool isUserCode(SourceLocation Loc, const SourceManager &SM);

/// True for a top-level namespace of LibTorch or the standard library (std,
/// at, c10, torch, caffe2, c10d, __gnu_cxx, pybind11): no user functions,
/// hot paths or registrations live there, and walks over a translation unit
/// skip them to stay cheap on torch/torch.h.
bool isLibraryNamespace(const Decl *D);

/// Matches a statement written (expanded) in user code, see isUserCode().
/// It tests the end location, which for a call is stored in the node: the
/// begin location of `a.b().c()` is found by walking down the callee chain.
/// An expression begins and ends in the same file after macro expansion.
/// Put it first in a matcher: it rejects the calls in LibTorch's and the
/// standard library's headers before any name is compared.
AST_MATCHER(Stmt, isExpansionInUserCode) {
  SourceLocation Loc = Node.getEndLoc();
  if (Loc.isInvalid())
    Loc = Node.getBeginLoc();
  return isUserCode(Loc, Finder->getASTContext().getSourceManager());
}

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_USERCODE_H
