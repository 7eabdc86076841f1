//===--- DeviceInferenceTest.cpp - Devices of tensor expressions ----------===//
//
// DeviceInference (checks/utils) on small sources over the mock LibTorch
// headers: which device each local variable's tensor lives on.
//
//===----------------------------------------------------------------------===//

#include "MockAST.h"
#include "utils/DeviceInference.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"
#include <memory>
#include <string>

using namespace clang;
using namespace clang::ast_matchers;
using namespace clang::tidy::torchsync;

namespace {

/// What every source starts with.
constexpr char Prelude[] = R"cpp(
  #include <torch/torch.h>
  void sink(const torch::Tensor &);
)cpp";

/// A translation unit of the prelude and \p Code.
std::unique_ptr<ASTUnit> parse(llvm::StringRef Code) {
  return torchsync::test::parseWithMockHeaders(Prelude + Code.str());
}

/// The device DeviceInference gives the variable \p Name where the source
/// passes it to `sink`.
Device deviceOf(ASTUnit &AST, llvm::StringRef Name) {
  ASTContext &Ctx = AST.getASTContext();
  auto Found = match(
      callExpr(callee(functionDecl(hasName("sink"))),
               hasArgument(0, declRefExpr(to(varDecl(hasName(Name))))
                                  .bind("use"))),
      Ctx);
  EXPECT_EQ(Found.size(), 1u) << Name.str();
  if (Found.size() != 1)
    return Device::None;
  DeviceInference Devices(Ctx);
  return Devices.ofTensor(Found[0].getNodeAs<Expr>("use"));
}


TEST(DeviceInferenceTest, FactoriesCopiesAndOps) {
  std::unique_ptr<ASTUnit> AST = parse(R"cpp(
    void f(torch::Tensor param) {
      auto host = torch::randn({2});
      auto moved = host.cuda();
      auto copied = host.to(torch::kCUDA);
      auto mixed = moved + host;
      auto back = moved.cpu();
      auto unknown = param;
      sink(host); sink(moved); sink(copied); sink(mixed); sink(back);
      sink(unknown);
    }
  )cpp");
  ASSERT_TRUE(AST);
  EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  EXPECT_EQ(deviceOf(*AST, "host"), Device::CPU);
  EXPECT_EQ(deviceOf(*AST, "moved"), Device::CUDA);
  EXPECT_EQ(deviceOf(*AST, "copied"), Device::CUDA);
  EXPECT_EQ(deviceOf(*AST, "mixed"), Device::CUDA);
  EXPECT_EQ(deviceOf(*AST, "back"), Device::CPU);
  EXPECT_EQ(deviceOf(*AST, "unknown"), Device::Unknown);
}

TEST(DeviceInferenceTest, OptionsThatNameOnlyADtypeMakeHostTensors) {
  std::unique_ptr<ASTUnit> AST = parse(R"cpp(
    void f(torch::Tensor param) {
      auto gpu = torch::randn({2}, torch::kCUDA);
      auto like = torch::full({2}, 0.5, gpu.dtype());
      auto half = torch::zeros({2}, torch::kHalf);
      auto other = torch::zeros({2}, param.options());
      sink(like); sink(half); sink(other);
    }
  )cpp");
  ASSERT_TRUE(AST);
  EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  EXPECT_EQ(deviceOf(*AST, "like"), Device::CPU);
  EXPECT_EQ(deviceOf(*AST, "half"), Device::CPU);
  // options() carry the device: param's, unknown.
  EXPECT_EQ(deviceOf(*AST, "other"), Device::Unknown);
}

TEST(DeviceInferenceTest, DevicesChosenAtRunTime) {
  std::unique_ptr<ASTUnit> AST = parse(R"cpp(
    void f(torch::Device device, bool gpu) {
      auto there = torch::randn({2}).to(device);
      torch::Device chosen = gpu ? torch::kCUDA : torch::kCPU;
      auto picked = torch::zeros({2}).to(chosen);
      sink(there); sink(picked);
    }
  )cpp");
  ASSERT_TRUE(AST);
  EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  EXPECT_EQ(deviceOf(*AST, "there"), Device::Runtime);
  EXPECT_EQ(deviceOf(*AST, "picked"), Device::Runtime);
}

TEST(DeviceInferenceTest, ReassignedVariablesDisagree) {
  // The joins are flow-insensitive: a variable that holds a host tensor and
  // then its CUDA copy is neither.
  std::unique_ptr<ASTUnit> AST = parse(R"cpp(
    void f() {
      auto t = torch::randn({2});
      t = t.cuda();
      sink(t);
    }
  )cpp");
  ASSERT_TRUE(AST);
  EXPECT_EQ(deviceOf(*AST, "t"), Device::Unknown);
}

} // namespace
