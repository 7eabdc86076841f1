//===--- TemplatesTest.cpp - Findings and fix-its in templates ------------===//
//
// The rules of checks/utils/Templates.h on small plain C++ sources: where a
// statement sits, how many instantiations a pattern has, which edits every
// instantiation agrees on, and which types were written as a parameter.
//
//===----------------------------------------------------------------------===//

#include "MockAST.h"
#include "utils/Templates.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <memory>
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;
using namespace clang::tidy::torchsync;

namespace {

using torchsync::test::parsePlain;

/// The calls of a function named \p Callee in functions named \p In, in the
/// templates' bodies and their instantiations alike.
std::vector<const CallExpr *> callsOf(ASTUnit &AST, llvm::StringRef Callee,
                                      llvm::StringRef In) {
  std::vector<const CallExpr *> Result;
  for (const BoundNodes &N :
       match(callExpr(callee(functionDecl(hasName(Callee))),
                      hasAncestor(functionDecl(hasName(In))))
                 .bind("c"),
             AST.getASTContext()))
    Result.push_back(N.getNodeAs<CallExpr>("c"));
  return Result;
}

const char *const Prelude = R"cc(
  struct Tensor { double item() const; Tensor sum() const; };
  template <class T> double read(const T &t) { return t.item(); }
)cc";

TEST(TemplatesTest, PlainCodeIsPlainAndEditable) {
  auto AST = parsePlain(std::string(Prelude) + "double f(Tensor t) { return t.sum().item(); }");
  auto Calls = callsOf(*AST, "sum", "f");
  ASSERT_EQ(Calls.size(), 1u);
  EXPECT_EQ(templatePlaceOf(Calls[0], AST->getASTContext()).K,
            TemplatePlace::Plain);
  EXPECT_TRUE(templateAllowsEdit(Calls[0], AST->getASTContext()));
}

TEST(TemplatesTest, IndependentCodeIsEditableInEveryInstantiation) {
  auto AST = parsePlain(std::string(Prelude) + R"cc(
    template <class M> double g(M m, Tensor t) { (void)m; return t.sum().item(); }
    double use(Tensor t) { return g(1, t) + g(2.0, t); }
  )cc");
  ASTContext &Ctx = AST->getASTContext();
  auto Calls = callsOf(*AST, "sum", "g");
  ASSERT_FALSE(Calls.empty());
  for (const CallExpr *C : Calls)
    EXPECT_TRUE(templateAllowsEdit(C, Ctx));
  // Two instantiations: the pattern's match is left to them.
  bool SawPattern = false;
  for (const CallExpr *C : Calls) {
    TemplatePlace P = templatePlaceOf(C, Ctx);
    if (P.K == TemplatePlace::Pattern) {
      SawPattern = true;
      EXPECT_EQ(countInstantiations(P.Written), 2u);
      EXPECT_TRUE(leftToInstantiations(DynTypedNode::create(*C), Ctx));
    }
  }
  EXPECT_TRUE(SawPattern);
}

TEST(TemplatesTest, DependentCodeNeedsOneInstantiationInTheMainFile) {
  auto AST = parsePlain(std::string(Prelude) + R"cc(
    template <class L> double once(L &l) { return l.sum().item(); }
    template <class L> double twice(L &l) { return l.sum().item(); }
    struct Other { Other sum() const; double item() const; };
    double use(Tensor t, Other o) { return once(t) + twice(t) + twice(o); }
  )cc");
  ASTContext &Ctx = AST->getASTContext();
  // In the patterns the dependent calls are not resolved: only the
  // instantiations hold calls of `sum`.
  auto Once = callsOf(*AST, "sum", "once");
  ASSERT_EQ(Once.size(), 1u);
  TemplatePlace P = templatePlaceOf(Once[0], Ctx);
  EXPECT_EQ(P.K, TemplatePlace::Instantiation);
  EXPECT_EQ(countInstantiations(P.Written), 1u);
  EXPECT_TRUE(templateAllowsEdit(Once[0], Ctx));
  auto Twice = callsOf(*AST, "sum", "twice");
  ASSERT_EQ(Twice.size(), 2u);
  for (const CallExpr *C : Twice)
    EXPECT_FALSE(templateAllowsEdit(C, Ctx));
}

TEST(TemplatesTest, MembersOfClassTemplatesAndLambdas) {
  auto AST = parsePlain(std::string(Prelude) + R"cc(
    template <class L> struct E {
      double run(L &l) { return l.sum().item(); }
      double unused(L &l) { return l.sum().item(); }
    };
    template <class L> double lam(L &l) {
      auto f = [&] { return l.sum().item(); };
      return f();
    }
    double use(Tensor t) { E<Tensor> e; return e.run(t) + lam(t); }
  )cc");
  ASTContext &Ctx = AST->getASTContext();
  auto Run = callsOf(*AST, "sum", "run");
  ASSERT_EQ(Run.size(), 1u);
  TemplatePlace P = templatePlaceOf(Run[0], Ctx);
  EXPECT_EQ(P.K, TemplatePlace::Instantiation);
  EXPECT_EQ(countInstantiations(P.Written), 1u);
  EXPECT_TRUE(templateAllowsEdit(Run[0], Ctx));
  // A lambda's body belongs to the function around it.
  auto Lam = callsOf(*AST, "sum", "lam");
  ASSERT_EQ(Lam.size(), 1u);
  P = templatePlaceOf(Lam[0], Ctx);
  EXPECT_EQ(P.K, TemplatePlace::Instantiation);
  EXPECT_EQ(P.Function->getName(), "lam");
  EXPECT_TRUE(templateAllowsEdit(Lam[0], Ctx));
}

TEST(TemplatesTest, TypesWrittenAsTheUsersParameter) {
  auto AST = parsePlain(std::string(Prelude) + R"cc(
    template <class T> T acc(Tensor t) { T s = 0; s += read(t); return s; }
    double use(Tensor t) { return acc<double>(t); }
  )cc");
  ASTContext &Ctx = AST->getASTContext();
  auto Reads = callsOf(*AST, "read", "acc");
  ASSERT_EQ(Reads.size(), 2u); // The pattern's and the instantiation's.
  for (const CallExpr *C : Reads) {
    if (templatePlaceOf(C, Ctx).K != TemplatePlace::Instantiation)
      continue;
    // `read<Tensor>` returns double: its parameter is not the user's.
    EXPECT_FALSE(isWrittenAsTemplateParameter(C->getType(), C, Ctx));
    // `T s = 0;`, the body's first statement.
    const auto *Body =
        cast<CompoundStmt>(templatePlaceOf(C, Ctx).Function->getBody());
    const auto *S = cast<VarDecl>(cast<DeclStmt>(Body->body_front())->getSingleDecl());
    EXPECT_TRUE(isWrittenAsTemplateParameter(S->getType(), C, Ctx));
  }
}

} // namespace

namespace {

TEST(TemplatesTest, SeveralInstantiationsAgreeOrGetNoEdit) {
  auto AST = parsePlain(std::string(Prelude) + R"cc(
    struct A { Tensor t; }; struct B { Tensor t; };
    template <class M> double h(M m) { return m.t.sum().item(); }
    double use(A a, B b) { return h(a) + h(b); }
  )cc");
  ASTContext &Ctx = AST->getASTContext();
  const CallExpr *InInstantiation = nullptr;
  for (const CallExpr *C : callsOf(*AST, "sum", "h"))
    if (templatePlaceOf(C, Ctx).K == TemplatePlace::Instantiation)
      InInstantiation = C;
  ASSERT_NE(InInstantiation, nullptr);
  // Dependent code, two instantiations: no edit on its own.
  EXPECT_FALSE(templateAllowsEdit(InInstantiation, Ctx));
  SourceLocation Loc = InInstantiation->getBeginLoc();
  // The same edit from both instantiations, each allowed while computed.
  unsigned Runs = 0;
  llvm::SmallVector<FixItHint, 2> Same = agreedInEveryInstantiation(
      InInstantiation, Ctx, [&](const Stmt *S) {
        ++Runs;
        EXPECT_TRUE(templateAllowsEdit(S, Ctx));
        return llvm::SmallVector<FixItHint, 2>{
            FixItHint::CreateInsertion(S->getBeginLoc(), "x")};
      });
  EXPECT_EQ(Runs, 2u);
  ASSERT_EQ(Same.size(), 1u);
  EXPECT_EQ(Same[0].CodeToInsert, "x");
  EXPECT_FALSE(templateAllowsEdit(InInstantiation, Ctx));
  // Edits that differ from one instantiation to the next: none.
  unsigned K = 0;
  EXPECT_TRUE(agreedInEveryInstantiation(InInstantiation, Ctx,
                                         [&](const Stmt *) {
                                           return llvm::SmallVector<
                                               FixItHint, 2>{
                                               FixItHint::CreateInsertion(
                                                   Loc, std::to_string(K++))};
                                         })
                  .empty());
  // One instantiation without an edit: none.
  bool First = true;
  EXPECT_TRUE(agreedInEveryInstantiation(
                  InInstantiation, Ctx,
                  [&](const Stmt *) {
                    bool Give = First;
                    First = false;
                    return Give ? llvm::SmallVector<FixItHint, 2>{FixItHint::
                                                                     CreateInsertion(
                                                                         Loc,
                                                                         "x")}
                                : llvm::SmallVector<FixItHint, 2>{};
                  })
                  .empty());
  // Outside a template there is nothing to agree on.
  auto Plain = parsePlain(std::string(Prelude) +
                          "double f(Tensor t) { return t.sum().item(); }");
  auto Calls = callsOf(*Plain, "sum", "f");
  ASSERT_EQ(Calls.size(), 1u);
  EXPECT_TRUE(agreedInEveryInstantiation(
                  Calls[0], Plain->getASTContext(),
                  [&](const Stmt *S) {
                    return llvm::SmallVector<FixItHint, 2>{
                        FixItHint::CreateInsertion(S->getBeginLoc(), "x")};
                  })
                  .empty());
}

} // namespace
