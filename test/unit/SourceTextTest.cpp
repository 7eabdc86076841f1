//===--- SourceTextTest.cpp - The text of expressions in messages ---------===//
//
// exprText (checks/utils/SourceText.h) on small plain C++ sources: one line,
// single spaces, and a long expression shortened with "..." between two
// tokens, never inside one.
//
//===----------------------------------------------------------------------===//

#include "MockAST.h"
#include "utils/SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "gtest/gtest.h"
#include <memory>
#include <string>

using namespace clang;
using namespace clang::tidy::torchsync;

namespace {

using torchsync::test::parsePlain;

/// The text of the initializer of the variable named 'v' in \p Code.
std::string initText(llvm::StringRef Code, unsigned MaxLen) {
  std::unique_ptr<ASTUnit> AST = parsePlain(Code);
  if (!AST)
    return "<no AST>";
  for (Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (auto *V = dyn_cast<VarDecl>(D); V && V->getName() == "v")
      return exprText(V->getInit(), AST->getASTContext(), MaxLen);
  return "<no v>";
}

constexpr llvm::StringLiteral Decls =
    "int first_long_name(int a, int b) { return a + b; }\n"
    "int second(int a) { return a; }\n";

TEST(SourceTextTest, ShortTextIsKeptOnOneLine) {
  EXPECT_EQ(initText((Decls + "int v = first_long_name(1,\n"
                              "                        2);\n")
                         .str(),
                     40),
            "first_long_name(1, 2)");
}

TEST(SourceTextTest, LongTextIsCutBetweenTokens) {
  std::string Code =
      (Decls + "int v = first_long_name(second(12345), second(67890));\n")
          .str();
  // A cut at 20 or 27 characters (23 or 30 less the "...") would end
  // inside 'second' or '12345'; it goes back to the last whole token.
  std::string Text = initText(Code, 23);
  EXPECT_EQ(Text, "first_long_name(...");
  EXPECT_LE(Text.size(), 23u);
  Text = initText(Code, 30);
  EXPECT_EQ(Text, "first_long_name(second(...");
}

TEST(SourceTextTest, FirstTokenIsKeptWhole) {
  // A first token longer than the limit is not cut: the text is whole.
  EXPECT_EQ(initText((Decls + "int v = first_long_name(1, 2);\n").str(), 8),
            "first_long_name...");
}

} // namespace
