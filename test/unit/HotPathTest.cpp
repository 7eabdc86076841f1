//===--- HotPathTest.cpp - Which statements run over and over -------------===//
//
// HotPathAnalysis (checks/utils/HotPath.h) on small sources over the mock
// LibTorch headers: the statement that calls `mark` is classified.
//
//===----------------------------------------------------------------------===//

#include "MockAST.h"
#include "utils/HotPath.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"
#include <memory>
#include <optional>
#include <string>

using namespace clang;
using namespace clang::ast_matchers;
using namespace clang::tidy::torchsync;

namespace {

constexpr char Prelude[] = R"cpp(
  #include <torch/torch.h>
  void mark();
)cpp";

/// How the call of `mark()` in \p Code is hot, if it is.
std::optional<HotReason::KindType>
hotness(llvm::StringRef Code, const SyncOptions &Opts = SyncOptions()) {
  std::unique_ptr<ASTUnit> AST =
      torchsync::test::parseWithMockHeaders(Prelude + Code.str());
  EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  if (!AST)
    return std::nullopt;
  ASTContext &Ctx = AST->getASTContext();
  auto Found = match(
      callExpr(callee(functionDecl(hasName("mark")))).bind("call"), Ctx);
  EXPECT_EQ(Found.size(), 1u);
  if (Found.size() != 1)
    return std::nullopt;
  HotPathAnalysis Hot(Ctx, Opts);
  std::optional<HotReason> R = Hot.classify(Found[0].getNodeAs<Stmt>("call"));
  if (!R)
    return std::nullopt;
  return R->Kind;
}

TEST(HotPathTest, Loops) {
  EXPECT_EQ(hotness("void f(int n) { for (int i = 0; i < n; ++i) mark(); }"),
            HotReason::Loop);
  EXPECT_EQ(hotness("void f(int n) { while (n--) mark(); }"), HotReason::Loop);
  EXPECT_EQ(hotness("void f() { mark(); }"), std::nullopt);
}

TEST(HotPathTest, TheOneStatementMacroIdiomIsNoLoop) {
  EXPECT_EQ(hotness("void f() { do { mark(); } while (0); }"), std::nullopt);
}

TEST(HotPathTest, CalledFromALoop) {
  EXPECT_EQ(hotness(R"cpp(
    void step() { mark(); }
    void train(int n) { for (int i = 0; i < n; ++i) step(); }
  )cpp"),
            HotReason::CalledFromLoop);
  EXPECT_EQ(hotness(R"cpp(
    void once() { mark(); }
    void setup() { once(); }
  )cpp"),
            std::nullopt);
}

TEST(HotPathTest, ModuleForward) {
  EXPECT_EQ(hotness(R"cpp(
    struct NetImpl : torch::nn::Module {
      torch::Tensor forward(torch::Tensor x) { mark(); return x; }
    };
  )cpp"),
            HotReason::Forward);
}

TEST(HotPathTest, HotFunctionsOption) {
  SyncOptions Opts;
  Opts.HotFunctions = {"Batcher::collate"};
  EXPECT_EQ(hotness(R"cpp(
    struct Batcher { void collate() { mark(); } };
  )cpp",
                    Opts),
            HotReason::HotFunction);
}

} // namespace
