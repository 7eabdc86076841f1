//===--- ASTWalk.h - One RecursiveASTVisitor for every walk -----*- C++ -*-===//
//
// Part of torchsync. Each subclass of clang's RecursiveASTVisitor instantiates
// the whole traversal of every kind of node again: about 20 s of compile time
// at -O3 and 40 s under the sanitizers, fourteen times over in the checks,
// the summary builder and the driver. ASTWalker is one RecursiveASTVisitor,
// instantiated once (ASTWalk.cpp), whose choices and hooks are virtual
// functions and flags (clang 20's DynamicRecursiveASTVisitor does this; clang
// 19, which the project builds with, does not have it). The walk is
// RecursiveASTVisitor's own: the same nodes in the same order, statements
// walked by its data recursion (a deep expression does not use the stack).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_ASTWALK_H
#define TORCHSYNC_UTILS_ASTWALK_H

#include "clang/AST/NestedNameSpecifier.h"
#include "clang/AST/TypeLoc.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace clang {
class Attr;
class Decl;
class ReturnStmt;
class Stmt;
namespace tidy::torchsync {

/// A walk over declarations and statements. Subclasses override the hooks
/// they need and set the flags (RecursiveASTVisitor's should* methods) in
/// their constructor.
class ASTWalker {
public:
  virtual ~ASTWalker();

  /// Walks \p D or \p S and everything under it; false when a hook stopped
  /// the walk. A null node is no walk at all.
  bool walk(Decl *D);
  bool walk(Stmt *S);

  /// The instantiations of templates, not only their patterns.
  bool TemplateInstantiations = false;
  /// Implicit code: implicit declarations, the implicit members of a
  /// lambda's class, a range-for's hidden statements.
  bool ImplicitCode = false;

  /// Called for each node before its children, in RecursiveASTVisitor's
  /// order: as its Visit##Kind methods, with a dyn_cast for the kind. False
  /// stops the walk.
  virtual bool visitDecl(Decl *D);
  virtual bool visitStmt(Stmt *S);

  /// Called as a node is reached, before its visit: false skips it and
  /// everything under it (as a Traverse##Kind method that returns true).
  virtual bool enterDecl(Decl *D);
  virtual bool enterStmt(Stmt *S);
  virtual bool enterTypeLoc(TypeLoc TL);
  virtual bool enterNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS);
  virtual bool enterAttr(Attr *A);

  /// Called after a node entered and everything under it were walked (not
  /// when the walk stopped inside it).
  virtual void leaveDecl(Decl *D);
  virtual void leaveStmt(Stmt *S);
  virtual void leaveTypeLoc(TypeLoc TL);
  virtual void leaveNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS);
  virtual void leaveAttr(Attr *A);
};

/// The return statements of \p Body, not those of the lambdas in it.
llvm::SmallVector<const ReturnStmt *, 4> returnStatements(const Stmt *Body);

/// True when \p S, or a statement under it, is one that \p Pred accepts;
/// the bodies of the lambdas, blocks and local classes in it are not
/// looked into (their `return` or `goto` does not leave \p S). The walk is
/// ASTWalker's: a deep expression does not use the stack.
bool containsStmtWhere(const Stmt *S,
                       llvm::function_ref<bool(const Stmt *)> Pred);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_ASTWALK_H
