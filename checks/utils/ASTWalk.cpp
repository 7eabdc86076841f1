//===--- ASTWalk.cpp - One RecursiveASTVisitor for every walk -------------===//
//
// Part of torchsync. The one instantiation of RecursiveASTVisitor behind
// ASTWalker (see ASTWalk.h).
//
//===----------------------------------------------------------------------===//

#include "ASTWalk.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace clang::tidy::torchsync {
namespace {

class Walk : public RecursiveASTVisitor<Walk> {
  using Base = RecursiveASTVisitor<Walk>;

public:
  explicit Walk(ASTWalker &W) : W(W) {}

  bool shouldVisitTemplateInstantiations() const {
    return W.TemplateInstantiations;
  }
  bool shouldVisitImplicitCode() const { return W.ImplicitCode; }

  bool VisitDecl(Decl *D) { return W.visitDecl(D); }
  bool VisitStmt(Stmt *S) { return W.visitStmt(S); }

  bool TraverseDecl(Decl *D) {
    return around(D, &ASTWalker::enterDecl, &ASTWalker::leaveDecl,
                  [&] { return Base::TraverseDecl(D); });
  }
  bool TraverseTypeLoc(TypeLoc TL) {
    return around(TL, &ASTWalker::enterTypeLoc, &ASTWalker::leaveTypeLoc,
                  [&] { return Base::TraverseTypeLoc(TL); });
  }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS) {
    return around(NNS, &ASTWalker::enterNestedNameSpecifierLoc,
                  &ASTWalker::leaveNestedNameSpecifierLoc,
                  [&] { return Base::TraverseNestedNameSpecifierLoc(NNS); });
  }
  bool TraverseAttr(Attr *A) {
    return around(A, &ASTWalker::enterAttr, &ASTWalker::leaveAttr,
                  [&] { return Base::TraverseAttr(A); });
  }
  // Statements keep the data recursion: the hooks around each one.
  bool dataTraverseStmtPre(Stmt *S) { return W.enterStmt(S); }
  bool dataTraverseStmtPost(Stmt *S) {
    W.leaveStmt(S);
    return true;
  }

private:
  /// The walker's hooks around RecursiveASTVisitor's traversal of \p Node
  /// (none for a null one): enter, which may skip it, then leave unless the
  /// walk stopped inside it.
  template <typename Node, typename TraverseFn>
  bool around(Node N, bool (ASTWalker::*Enter)(Node),
              void (ASTWalker::*Leave)(Node), TraverseFn Traverse) {
    if (!N || !(W.*Enter)(N))
      return true;
    if (!Traverse())
      return false;
    (W.*Leave)(N);
    return true;
  }

  ASTWalker &W;
};

} // namespace

ASTWalker::~ASTWalker() = default;

bool ASTWalker::walk(Decl *D) { return Walk(*this).TraverseDecl(D); }
bool ASTWalker::walk(Stmt *S) { return Walk(*this).TraverseStmt(S); }

bool ASTWalker::visitDecl(Decl *) { return true; }
bool ASTWalker::visitStmt(Stmt *) { return true; }
bool ASTWalker::enterDecl(Decl *) { return true; }
bool ASTWalker::enterStmt(Stmt *) { return true; }
bool ASTWalker::enterTypeLoc(TypeLoc) { return true; }
bool ASTWalker::enterNestedNameSpecifierLoc(NestedNameSpecifierLoc) {
  return true;
}
bool ASTWalker::enterAttr(Attr *) { return true; }
void ASTWalker::leaveDecl(Decl *) {}
void ASTWalker::leaveStmt(Stmt *) {}
void ASTWalker::leaveTypeLoc(TypeLoc) {}
void ASTWalker::leaveNestedNameSpecifierLoc(NestedNameSpecifierLoc) {}
void ASTWalker::leaveAttr(Attr *) {}

llvm::SmallVector<const ReturnStmt *, 4> returnStatements(const Stmt *Body) {
  struct Returns : ASTWalker {
    llvm::SmallVector<const ReturnStmt *, 4> Found;
    bool enterStmt(Stmt *S) override { return !isa<LambdaExpr>(S); }
    bool visitStmt(Stmt *S) override {
      if (const auto *R = dyn_cast<ReturnStmt>(S))
        Found.push_back(R);
      return true;
    }
  } Walker;
  Walker.walk(const_cast<Stmt *>(Body));
  return std::move(Walker.Found);
}

bool containsStmtWhere(const Stmt *S,
                       llvm::function_ref<bool(const Stmt *)> Pred) {
  struct Finder : ASTWalker {
    llvm::function_ref<bool(const Stmt *)> Pred;
    explicit Finder(llvm::function_ref<bool(const Stmt *)> Pred) : Pred(Pred) {}
    bool enterStmt(Stmt *S) override { return !isa<LambdaExpr, BlockExpr>(S); }
    bool enterDecl(Decl *D) override { return !isa<FunctionDecl, TagDecl>(D); }
    bool visitStmt(Stmt *S) override { return !Pred(S); }
  } Walker(Pred);
  return S && !Walker.walk(const_cast<Stmt *>(S));
}

} // namespace clang::tidy::torchsync
