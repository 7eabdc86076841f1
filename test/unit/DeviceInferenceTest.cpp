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
  #include <tuple>
  #include <utility>
  #include <vector>
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


/// The devices of what each `sink(...)` call of the source is passed, in
/// order.
std::vector<Device> sunk(ASTUnit &AST) {
  ASTContext &Ctx = AST.getASTContext();
  auto Found =
      match(callExpr(callee(functionDecl(hasName("sink"))),
                     hasArgument(0, expr().bind("arg")))
                .bind("call"),
            Ctx);
  DeviceInference Devices(Ctx);
  std::vector<std::pair<unsigned, Device>> Each;
  for (const BoundNodes &N : Found)
    Each.push_back({Ctx.getSourceManager().getFileOffset(
                        N.getNodeAs<Expr>("call")->getBeginLoc()),
                    Devices.ofTensor(N.getNodeAs<Expr>("arg"))});
  llvm::sort(Each);
  std::vector<Device> Result;
  for (auto &[Offset, D] : Each)
    Result.push_back(D);
  return Result;
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

TEST(DeviceInferenceTest, ReassignedVariablesHaveADevicePerPoint) {
  // The definitions that reach each use decide (ReachingDefs.h): a variable
  // that holds a host tensor and then its CUDA copy is CUDA after the
  // assignment; where several reach, they join.
  std::unique_ptr<ASTUnit> AST = parse(R"cpp(
    void f(bool c, torch::Tensor p) {
      auto t = torch::randn({2});
      t = t.cuda();
      sink(t);
      auto u = torch::randn({2});
      if (c)
        u = u.cuda();
      sink(u);
      auto w = torch::randn({2}).cuda();
      for (int i = 0; i < 3; ++i) {
        sink(w);
        w = w.cpu();
      }
      p = torch::zeros({2});
      sink(p);
      auto l = torch::randn({2});
      auto set = [&] { l = l.cuda(); };
      set();
      sink(l);
      auto r = torch::randn({2}).cuda();
      r = r.cpu();
      r = r + 1;
      sink(r);
    }
  )cpp");
  ASSERT_TRUE(AST);
  EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  EXPECT_EQ(deviceOf(*AST, "t"), Device::CUDA);
  EXPECT_EQ(deviceOf(*AST, "u"), Device::Unknown);
  // CUDA on the first pass, CPU on the next ones.
  EXPECT_EQ(deviceOf(*AST, "w"), Device::Unknown);
  // A parameter reassigned in the body.
  EXPECT_EQ(deviceOf(*AST, "p"), Device::CPU);
  // Written by a lambda: the point of the write is not followed.
  EXPECT_EQ(deviceOf(*AST, "l"), Device::Unknown);
  // `r = r + 1` reads r where the CPU copy reaches.
  EXPECT_EQ(deviceOf(*AST, "r"), Device::CPU);
}

TEST(DeviceInferenceTest, ElementsOfLocalContainers) {
  // An element has the join of every value put in its container; a write
  // that is not seen makes it unknown.
  std::unique_ptr<ASTUnit> AST = parse(R"cpp(
    void fill(std::vector<torch::Tensor> &);
    void f() {
      std::vector<torch::Tensor> xs{torch::zeros({2})};
      xs.push_back(torch::ones({2}));
      sink(xs[1]);
      sink(xs.front());
      auto t = std::make_tuple(torch::zeros({2}), torch::ones({2}).cuda());
      sink(std::get<0>(t));
      sink(std::get<1>(t));
      std::pair<torch::Tensor, torch::Tensor> p;
      p.first = torch::ones({2}).cuda();
      sink(p.first);
      std::vector<torch::Tensor> mixed{torch::zeros({2})};
      mixed[0] = torch::zeros({2}).cuda();
      sink(mixed[0]);
      std::vector<torch::Tensor> filled{torch::zeros({2})};
      fill(filled);
      sink(filled[0]);
      auto copy = xs;
      sink(copy.back());
    }
  )cpp");
  ASSERT_TRUE(AST);
  EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  EXPECT_EQ(sunk(*AST),
            (std::vector<Device>{Device::CPU, Device::CPU, Device::CPU,
                                 Device::CUDA, Device::CUDA, Device::Unknown,
                                 Device::Unknown, Device::CPU}));
}

} // namespace
