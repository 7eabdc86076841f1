//===--- SourceText.h - The source text of expressions ----------*- C++ -*-===//
//
// Part of torchsync. Two uses of the text a user wrote: the exact text, for
// fix-its, which must not be guessed (nullopt where it is not plain file
// text); and a short one-line rendering for messages, which always gives
// something to show.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_SOURCETEXT_H
#define TORCHSYNC_UTILS_SOURCETEXT_H

#include "clang/AST/Expr.h"
#include <optional>
#include <string>

namespace clang {
class ASTContext;
namespace tidy::torchsync {

/// True when both ends of \p R are spelled in a file, not in a macro.
bool isPlainFileRange(SourceRange R);

/// The exact source text of \p R (a token range), or nullopt when it is not
/// plain file text. Text passed as a macro argument is read where it is
/// spelled.
std::optional<std::string> sourceText(SourceRange R, const ASTContext &Ctx);

/// The source text of \p E for a message: on one line, shortened to at
/// most \p MaxLen characters with "..." between two tokens (never inside
/// one), the spelling of a macro expansion where
/// \p E comes from one, "?" where there is none.
std::string exprText(const Expr *E, const ASTContext &Ctx,
                     unsigned MaxLen = 40);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_SOURCETEXT_H
