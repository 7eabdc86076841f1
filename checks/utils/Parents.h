//===--- Parents.h - Parents of a node in user code -------------*- C++ -*-===//
//
// Part of torchsync. ASTContext::getParents builds its parent map over the
// whole translation unit on the first question: with <torch/torch.h> that is
// seconds and hundreds of MiB spent on LibTorch's headers, where no finding
// can be. The driver limits the traversal scope, but a plugin cannot
// (setTraversalScope is global to the ASTContext: other loaded clang-tidy
// modules would see less). Every parent question of the checks goes through
// parentsOf() instead, which answers from a map of the top-level user
// declaration that contains the node, built the first time a node of it is
// asked about.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_PARENTS_H
#define TORCHSYNC_UTILS_PARENTS_H

#include "clang/AST/ASTTypeTraits.h"
#include "clang/AST/ParentMapContext.h"

namespace clang {
class ASTContext;
class CXXMemberCallExpr;
class Expr;
class Stmt;
namespace tidy::torchsync {

/// The parents of \p Node as `Ctx.getParents(Node)` lists them (the same
/// nodes in the same order, traversal kind TK_AsIs), for a node of user code
/// (see UserCode.h); empty for a node of a system or LibTorch header, and
/// for the translation unit. A node reached from two top-level declarations
/// (a default argument, say) gets the parents seen from its own.
DynTypedNodeList parentsOf(const DynTypedNode &Node, ASTContext &Ctx);

template <typename T>
DynTypedNodeList parentsOf(const T &Node, ASTContext &Ctx) {
  return parentsOf(DynTypedNode::create(Node), Ctx);
}

/// The first parent of \p E that is not a parenthesis, an implicit
/// conversion or a temporary's wrapper (the nodes that pass \p E's value on
/// unchanged), or null where \p E has no single parent. \p Top is set to
/// the outermost of those wrappers around \p E (\p E itself when none).
const Stmt *parentPastWrappers(const Expr *E, const Expr *&Top,
                               ASTContext &Ctx);

/// The member function called at once on the value of \p E (`E.f(...)`,
/// through parentheses and temporaries), or null.
const CXXMemberCallExpr *memberCallOn(const Expr *E, ASTContext &Ctx);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_PARENTS_H
