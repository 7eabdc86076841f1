//===--- FixIts.h - Building fix-its that are safe to apply -----*- C++ -*-===//
//
// Part of torchsync. Every helper returns an empty optional when the edit
// cannot be made safely: the text is spelled in a macro, the code is in a
// template whose instantiations could differ, or the range is not in one
// file.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_FIXITS_H
#define TORCHSYNC_UTILS_FIXITS_H

#include "SourceText.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class SourceManager;
namespace tidy::torchsync {

/// True when edits to the source of \p E are safe: no macro is involved,
/// and in a template the edit is right for every instantiation
/// (templateAllowsEdit).
bool isFixable(const Expr *E, ASTContext &Ctx);

/// True when evaluating \p E twice gives the same value and does nothing
/// else: a variable, a member of one (`batch.data`, `this->dev_`), or an
/// element of a vector, array or deque read with `[]` at a variable or a
/// literal index (`batches[i].first`; a map's `[]` would insert).
bool isPlainName(const Expr *E);

/// The test that \p E, a plain name (isPlainName) of a tensor, a
/// torch::Device or a DeviceType, is CUDA, as source text that reads it
/// again: `x.is_cuda()`, `dev.is_cuda()`, `kind == at::kCUDA`; nullopt for
/// anything else.
std::optional<std::string> isCudaTestText(const Expr *E, const ASTContext &Ctx);

/// The source of \p E, parenthesized unless it is already a postfix
/// expression, so that `.member` or `->` can follow it.
std::optional<std::string> postfixOperandText(const Expr *E,
                                              const ASTContext &Ctx);

/// Appends \p Member (e.g. ".pin_memory()") to the expression \p E,
/// parenthesizing \p E when it is not a postfix expression.
std::optional<FixItHint> appendMember(const Expr *E, llvm::StringRef Member,
                                      ASTContext &Ctx);

/// Replaces the token range \p R with \p Text.
std::optional<FixItHint> replaceTokens(SourceRange R, llvm::StringRef Text,
                                       ASTContext &Ctx);

/// Inserts \p Text right after the last token of \p E.
std::optional<FixItHint> insertAfter(const Expr *E, llvm::StringRef Text,
                                     ASTContext &Ctx);

/// For a call that leaves its `non_blocking` parameter defaulted or passes a
/// literal `false`: the edit that passes `/*non_blocking=*/true` (or the
/// expression \p Value). Nullopt
/// when there is no such parameter, an earlier defaulted parameter would
/// have to be spelled out, or the argument is not a literal.
std::optional<FixItHint> setNonBlocking(const CallExpr *Call, ASTContext &Ctx,
                                        llvm::StringRef Value = "true");

/// The index of \p Call's `non_blocking` argument, if the callee has one.
std::optional<unsigned> nonBlockingArgIndex(const CallExpr *Call);

/// What the `non_blocking` argument of \p Call says: true, false, or nullopt
/// when it is not a literal.
std::optional<bool> nonBlockingValue(const CallExpr *Call);

/// The line break the file uses at \p Loc: "\r\n" when the line \p Loc is
/// on ends with CR LF (or, on a last line without a break, the line before
/// it does), else "\n". Fix-its that insert lines use it so that a CRLF
/// file keeps its line endings.
std::string lineBreakAt(SourceLocation Loc, const SourceManager &SM);

/// The whitespace that indents the line \p S starts on, or nullopt when
/// other code precedes \p S on that line (or \p S is in a macro).
std::optional<std::string> indentationOf(const Stmt *S, ASTContext &Ctx);

/// The number of places that name \p V inside \p S (a braced list holds its
/// elements twice, in its syntactic and semantic forms: counted once).
unsigned countRefs(const VarDecl *V, const Stmt *S, ASTContext &Ctx);

/// True when \p Body declares or names something called \p Name (a
/// member named without `this->` too): a declaration added there with that
/// name could clash or capture it.
bool declaresName(const Stmt *Body, llvm::StringRef Name, ASTContext &Ctx);

/// True when the value of \p Call is discarded: the call is a statement
/// of its own (possibly cast to void), so a rewrite may change its type.
bool isDiscarded(const Expr *Call, ASTContext &Ctx);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_FIXITS_H
