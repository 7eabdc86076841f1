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
    if (!D || !W.enterDecl(D))
      return true;
    if (!Base::TraverseDecl(D))
      return false;
    W.leaveDecl(D);
    return true;
  }
  bool TraverseTypeLoc(TypeLoc TL) {
    if (!TL || !W.enterTypeLoc(TL))
      return true;
    if (!Base::TraverseTypeLoc(TL))
      return false;
    W.leaveTypeLoc(TL);
    return true;
  }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS) {
    if (!NNS || !W.enterNestedNameSpecifierLoc(NNS))
      return true;
    if (!Base::TraverseNestedNameSpecifierLoc(NNS))
      return false;
    W.leaveNestedNameSpecifierLoc(NNS);
    return true;
  }
  bool TraverseAttr(Attr *A) {
    if (!A || !W.enterAttr(A))
      return true;
    if (!Base::TraverseAttr(A))
      return false;
    W.leaveAttr(A);
    return true;
  }
  // Statements keep the data recursion: the hooks around each one.
  bool dataTraverseStmtPre(Stmt *S) { return W.enterStmt(S); }
  bool dataTraverseStmtPost(Stmt *S) {
    W.leaveStmt(S);
    return true;
  }

private:
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

} // namespace clang::tidy::torchsync
