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
hotness(llvm::StringRef Code, const SyncOptions &Opts = SyncOptions(),
        bool Recording = false) {
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
  Hot.setRecording(Recording);
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

/// The whole-program route: hotness that rests on the enclosing function's
/// callers is left to the program (IfHot).
std::optional<HotReason::KindType> hotnessInProgram(llvm::StringRef Code) {
  return hotness(Code, SyncOptions(), /*Recording=*/true);
}

TEST(HotPathTest, ConditionalOnTheCallersInAProgram) {
  constexpr char Once[] = R"cpp(
    void once() { mark(); }
    void setup() { once(); }
  )cpp";
  EXPECT_EQ(hotness(Once), std::nullopt);
  EXPECT_EQ(hotnessInProgram(Once), HotReason::IfHot);
  EXPECT_EQ(hotnessInProgram(
                "void f(int n) { for (int i = 0; i < n; ++i) mark(); }"),
            HotReason::Loop);
}

TEST(HotPathTest, LambdasCalledInALoop) {
  // A lambda in a variable, a static constexpr one, one passed by
  // reference: each call in a loop makes its body hot, on both routes
  // (whole-program regression: the enclosing function's condition hid the
  // loop).
  for (const char *Code : {
           R"cpp(
    void f(int n) {
      auto show = [](int) { mark(); };
      for (int i = 0; i < n; ++i) show(i);
    })cpp",
           R"cpp(
    void f(int n) {
      static constexpr auto show = [](int) { mark(); };
      for (int i = 0; i < n; ++i) show(i);
    })cpp",
       }) {
    EXPECT_EQ(hotness(Code), HotReason::CalledFromLoop) << Code;
    EXPECT_EQ(hotnessInProgram(Code), HotReason::CalledFromLoop) << Code;
  }
  constexpr char CalledOnce[] = R"cpp(
    void f() {
      auto show = [] { mark(); };
      show();
    })cpp";
  EXPECT_EQ(hotness(CalledOnce), std::nullopt);
  EXPECT_EQ(hotnessInProgram(CalledOnce), HotReason::IfHot);
  // Written inside the loop: hot wherever it is called.
  EXPECT_EQ(hotnessInProgram(R"cpp(
    void f(int n) {
      for (int i = 0; i < n; ++i) { auto g = [] { mark(); }; g(); }
    })cpp"),
            HotReason::Loop);
}

TEST(HotPathTest, RegisteredOperators) {
  EXPECT_EQ(hotness(R"cpp(
    #include <torch/library.h>
    torch::Tensor op(const torch::Tensor &x) { mark(); return x; }
    TORCH_LIBRARY(ns, m) { m.def("op(Tensor x) -> Tensor", &op); }
  )cpp"),
            HotReason::EntryPoint);
}

TEST(HotPathTest, EntryPointsOption) {
  // Names or regular expressions against the name or the qualified name.
  constexpr char Code[] = R"cpp(
    namespace lib { void forward_step() { mark(); } }
  )cpp";
  SyncOptions Opts;
  EXPECT_EQ(hotness(Code, Opts), std::nullopt);
  Opts.EntryPoints = {"lib::forward_.*"};
  EXPECT_EQ(hotness(Code, Opts), HotReason::EntryPoint);
  Opts.EntryPoints = {"forward_step"};
  EXPECT_EQ(hotness(Code, Opts), HotReason::EntryPoint);
  Opts.EntryPoints = {"forward"}; // Whole names only.
  EXPECT_EQ(hotness(Code, Opts), std::nullopt);
}

TEST(HotPathTest, Recursion) {
  // A recursive call decides nothing by itself; a loop above it does.
  EXPECT_EQ(hotness(R"cpp(
    void walk(int d) { mark(); if (d) walk(d - 1); }
    void once() { walk(3); }
  )cpp"),
            std::nullopt);
  EXPECT_EQ(hotness(R"cpp(
    void walk(int d) { mark(); if (d) walk(d - 1); }
    void all(int n) { for (int i = 0; i < n; ++i) walk(i); }
  )cpp"),
            HotReason::CalledFromLoop);
}

} // namespace
