//===--- Templates.h - Findings and fix-its in templates --------*- C++ -*-===//
//
// Part of torchsync. A finding in a function template is seen twice by the
// matchers: in the template's own body (the pattern, where only the code that
// does not depend on the template's parameters is resolved) and in every
// instantiation of it. A fix-it edits the pattern's text, which every
// instantiation shares, so an edit is right only where it is right for all of
// them. These helpers say where a template's code sits and which edits every
// instantiation agrees on (docs/options.md, "Fix-its in templates").
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_TEMPLATES_H
#define TORCHSYNC_UTILS_TEMPLATES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/Type.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang {
class ASTContext;
namespace tidy::torchsync {

/// Where a statement is, as far as templates go.
struct TemplatePlace {
  enum Kind {
    Plain,         ///< Not in a template.
    Pattern,       ///< In a template's own (dependent) body.
    Instantiation, ///< In an instantiation of a function template or of a
                   ///< member function of a class template.
    Other          ///< In a template in a way these rules do not follow
                   ///< (a member initializer of a class template, ...).
  };
  Kind K = Plain;
  /// The function whose body holds the statement, past lambdas: for an
  /// instantiation, the instantiated function.
  const FunctionDecl *Function = nullptr;
  /// The body that is written: Function itself for a pattern, the pattern
  /// it was instantiated from for an instantiation.
  const FunctionDecl *Written = nullptr;
};

/// Where \p S is.
TemplatePlace templatePlaceOf(const Stmt *S, ASTContext &Ctx);

/// The instantiations of the pattern \p Written that have a body in this
/// translation unit (implicit and explicit ones), for a function template
/// or a member function of a class template; nullopt where they cannot be
/// counted (a member template of a class template, a partial
/// specialization's member).
std::optional<unsigned> countInstantiations(const FunctionDecl *Written);

/// True when an edit of \p S's source is right for every instantiation of
/// its template: outside templates; in a pattern, where \p S does not
/// depend on the template's parameters; in an instantiation, where the
/// pattern's \p S does not depend on them either (each instantiation then
/// computes the same edit, which the diagnostics engine merges into one),
/// or where the template is defined in the main file and has one
/// instantiation (the edit is computed from the only types it is used
/// with).
bool templateAllowsEdit(const Stmt *S, ASTContext &Ctx);

/// The fix-its a check computes with \p Compute for \p S, in an
/// instantiation of a template defined in the main file that has several
/// instantiations there: Compute runs on the statement at \p S's place in
/// each of them (templateAllowsEdit answers true inside that one while it
/// runs), and the fix-its are offered only where every instantiation
/// computes the same edits; none where one computes none or others. Empty
/// elsewhere (templateAllowsEdit decides there).
llvm::SmallVector<FixItHint, 2> agreedInEveryInstantiation(
    const Stmt *S, ASTContext &Ctx,
    llvm::function_ref<llvm::SmallVector<FixItHint, 2>(const Stmt *)> Compute);

/// The fix-its \p Compute makes for \p S (where templateAllowsEdit allows
/// an edit); in an instantiation of a template used with several types,
/// only where every instantiation makes the same ones
/// (agreedInEveryInstantiation): the facts a fix rests on (a source's
/// memory or device, a value's shape) may differ between instantiations
/// even where the statement does not depend on the types, and the edit
/// of one instantiation would be applied to all. It only withholds: a fix
/// templateAllowsEdit refuses stays refused.
llvm::SmallVector<FixItHint, 2> inEveryInstantiation(
    const Stmt *S, ASTContext &Ctx,
    llvm::function_ref<llvm::SmallVector<FixItHint, 2>(const Stmt *)> Compute);

/// True when a match at \p Node, in a pattern, is left to the pattern's
/// instantiations: they see the same code with its types known, and
/// reporting it from both would show a finding twice where their fix-its
/// differ. A pattern whose instantiations cannot be counted, or that has
/// none, is reported from itself.
bool leftToInstantiations(const DynTypedNode &Node, ASTContext &Ctx);

/// True when \p T, the type of something at \p Where, was written as (or
/// through) a parameter of the template \p Where is in: an edit that spells
/// such a type would fix the template to one instantiation's argument. The
/// parameters of LibTorch's templates (the `T` of `item<T>()`) are not the
/// user's and do not count.
bool isWrittenAsTemplateParameter(QualType T, const Stmt *Where,
                                  ASTContext &Ctx);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_TEMPLATES_H
