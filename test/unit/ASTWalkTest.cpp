//===--- ASTWalkTest.cpp - The one RecursiveASTVisitor ---------------------===//
//
// ASTWalker (checks/utils/ASTWalk.h) on small plain C++ sources: the order of
// its hooks, what its flags and hooks walk or skip, and a stop.
//
//===----------------------------------------------------------------------===//

#include "MockAST.h"
#include "utils/ASTWalk.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

using namespace clang;
using namespace clang::tidy::torchsync;

namespace {

using torchsync::test::parsePlain;

/// The function named \p Name in \p AST (its first declaration there).
FunctionDecl *function(ASTUnit &AST, llvm::StringRef Name) {
  for (Decl *D : AST.getASTContext().getTranslationUnitDecl()->decls()) {
    auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD)
      if (auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
        FD = FTD->getTemplatedDecl();
    if (FD && FD->getName() == Name)
      return FD;
  }
  ADD_FAILURE() << "no function " << Name.str();
  return nullptr;
}

/// Writes each hook it gets as a line: "enter/visit/leave <kind>".
class Tracer : public ASTWalker {
public:
  std::vector<std::string> Trace;
  /// The statement kind whose subtree enterStmt skips.
  std::string Skip;
  /// The statement kind whose visit stops the walk.
  std::string Stop;

  bool enterStmt(Stmt *S) override {
    if (Skip == S->getStmtClassName())
      return false;
    Trace.push_back(std::string("enter ") + S->getStmtClassName());
    return true;
  }
  bool visitStmt(Stmt *S) override {
    Trace.push_back(std::string("visit ") + S->getStmtClassName());
    return Stop != S->getStmtClassName();
  }
  void leaveStmt(Stmt *S) override {
    Trace.push_back(std::string("leave ") + S->getStmtClassName());
  }
  bool enterDecl(Decl *D) override {
    Trace.push_back(std::string("enter ") + D->getDeclKindName());
    return true;
  }
  void leaveDecl(Decl *D) override {
    Trace.push_back(std::string("leave ") + D->getDeclKindName());
  }
  bool visitDecl(Decl *D) override {
    Trace.push_back(std::string("visit ") + D->getDeclKindName());
    return true;
  }

  /// How many times \p Line is in the trace.
  size_t count(llvm::StringRef Line) const {
    return std::count(Trace.begin(), Trace.end(), Line.str());
  }
};

TEST(ASTWalkTest, HooksInRecursiveASTVisitorsOrder) {
  std::unique_ptr<ASTUnit> AST = parsePlain("int f(int a) { return -a; }");
  Tracer T;
  ASSERT_TRUE(T.walk(function(*AST, "f")->getBody()));
  std::vector<std::string> Expected = {
      "enter CompoundStmt",   "visit CompoundStmt",  "enter ReturnStmt",
      "visit ReturnStmt",     "enter UnaryOperator", "visit UnaryOperator",
      "enter ImplicitCastExpr", "visit ImplicitCastExpr",
      "enter DeclRefExpr",    "visit DeclRefExpr",   "leave DeclRefExpr",
      "leave ImplicitCastExpr", "leave UnaryOperator", "leave ReturnStmt",
      "leave CompoundStmt"};
  EXPECT_EQ(T.Trace, Expected);
}

TEST(ASTWalkTest, DeclarationsAroundTheirStatements) {
  std::unique_ptr<ASTUnit> AST = parsePlain("void f() { int x = 1; }");
  Tracer T;
  ASSERT_TRUE(T.walk(function(*AST, "f")));
  std::vector<std::string> Expected = {
      "enter Function",    "visit Function",      "enter CompoundStmt",
      "visit CompoundStmt", "enter DeclStmt",     "visit DeclStmt",
      "enter Var",          "visit Var",          "enter IntegerLiteral",
      "visit IntegerLiteral", "leave IntegerLiteral", "leave Var",
      "leave DeclStmt",     "leave CompoundStmt", "leave Function"};
  EXPECT_EQ(T.Trace, Expected);
}

TEST(ASTWalkTest, AnEnterThatSaysNoSkipsTheSubtree) {
  std::unique_ptr<ASTUnit> AST =
      parsePlain("int f(int a) { auto g = [a] { return a; }; return g(); }");
  Tracer T;
  T.Skip = "LambdaExpr";
  ASSERT_TRUE(T.walk(function(*AST, "f")->getBody()));
  EXPECT_EQ(T.count("visit LambdaExpr"), 0u);
  EXPECT_EQ(T.count("leave LambdaExpr"), 0u);
  // Only the function's own return is left.
  EXPECT_EQ(T.count("visit ReturnStmt"), 1u);

  EXPECT_EQ(returnStatements(function(*AST, "f")->getBody()).size(), 1u);
}

TEST(ASTWalkTest, ALambdaIsLeftAfterItsCapturesAndBody) {
  std::unique_ptr<ASTUnit> AST =
      parsePlain("int f(int a) { auto g = [b = a + 1] { return b; }; return 0; }");
  Tracer T;
  ASSERT_TRUE(T.walk(function(*AST, "f")->getBody()));
  auto At = [&](llvm::StringRef Line) {
    return std::find(T.Trace.begin(), T.Trace.end(), Line.str()) -
           T.Trace.begin();
  };
  EXPECT_EQ(T.count("visit ReturnStmt"), 2u);
  EXPECT_LT(At("enter LambdaExpr"), At("visit BinaryOperator"));
  EXPECT_LT(At("visit BinaryOperator"), At("visit ReturnStmt"));
  EXPECT_LT(At("visit ReturnStmt"), At("leave LambdaExpr"));
}

TEST(ASTWalkTest, TemplateInstantiations) {
  std::unique_ptr<ASTUnit> AST =
      parsePlain("template <class T> T id(T t) { return t; }\n"
            "int use() { return id(1) + id(2.0) > 0; }");
  TranslationUnitDecl *TU = AST->getASTContext().getTranslationUnitDecl();
  Tracer Patterns, Instantiations;
  Instantiations.TemplateInstantiations = true;
  ASSERT_TRUE(Patterns.walk(TU));
  ASSERT_TRUE(Instantiations.walk(TU));
  // id's pattern and use; then id<int> and id<double> too.
  EXPECT_EQ(Patterns.count("visit ReturnStmt"), 2u);
  EXPECT_EQ(Instantiations.count("visit ReturnStmt"), 4u);
}

TEST(ASTWalkTest, ImplicitCode) {
  std::unique_ptr<ASTUnit> AST =
      parsePlain("struct S { int x; };\nS copy(const S &s) { return s; }");
  TranslationUnitDecl *TU = AST->getASTContext().getTranslationUnitDecl();
  Tracer Written, Implicit;
  Implicit.ImplicitCode = true;
  ASSERT_TRUE(Written.walk(TU));
  ASSERT_TRUE(Implicit.walk(TU));
  // The copy constructor that the return uses is implicit.
  EXPECT_EQ(Written.count("visit CXXConstructor"), 0u);
  EXPECT_GE(Implicit.count("visit CXXConstructor"), 1u);
}

TEST(ASTWalkTest, AVisitThatSaysNoStopsTheWalk) {
  std::unique_ptr<ASTUnit> AST = parsePlain("int f(int a) { a = 2; return a; }");
  Tracer T;
  T.Stop = "BinaryOperator";
  EXPECT_FALSE(T.walk(function(*AST, "f")->getBody()));
  EXPECT_EQ(T.Trace.back(), "visit BinaryOperator");
  EXPECT_EQ(T.count("visit ReturnStmt"), 0u);
}

TEST(ASTWalkTest, TypeLocsCanBeSkipped) {
  std::unique_ptr<ASTUnit> AST =
      parsePlain("int f(int a) { decltype(a + 1) b = a; return b; }");
  struct Unevaluated : Tracer {
    bool enterTypeLoc(TypeLoc TL) override {
      return !TL.getAs<DecltypeTypeLoc>();
    }
  } Skipping;
  Tracer All;
  ASSERT_TRUE(All.walk(function(*AST, "f")->getBody()));
  ASSERT_TRUE(Skipping.walk(function(*AST, "f")->getBody()));
  // `a + 1` is only inside the decltype.
  EXPECT_EQ(All.count("visit BinaryOperator"), 1u);
  EXPECT_EQ(Skipping.count("visit BinaryOperator"), 0u);
}

} // namespace
