//===--- ResolveTest.cpp - Whole-program facts from summaries -------------===//
//
// The driver's resolution of per-file summaries into program facts
// (driver/Resolve.h) on summaries written by hand: which functions are hot
// and which devices their parameters get, through recursion, hot and cold
// callers and callers that disagree; and the summaries' JSON round trip.
//
//===----------------------------------------------------------------------===//

#include "Resolve.h"
#include "program/Serialization.h"
#include "gtest/gtest.h"
#include <optional>
#include <string>

using namespace torchsync;
using clang::tidy::torchsync::Device;
using clang::tidy::torchsync::ProgramFact;
using clang::tidy::torchsync::ResolvedFact;
using clang::tidy::torchsync::summaryFromJson;
using clang::tidy::torchsync::summaryToJson;

namespace {

FunctionSummary function(const std::string &Usr) {
  FunctionSummary F;
  F.Usr = Usr;
  F.Name = Usr;
  F.Where = {"/p/a.cpp", 0, 1, 1};
  return F;
}

/// A call of \p Callee with hotness \p Hot ("loop", "hot", "no"), passing
/// \p Arg (if any) as its parameter 0.
CallSummary call(const std::string &Callee, const std::string &Hot,
                 std::optional<Device> Arg = std::nullopt) {
  CallSummary C;
  C.Callee = Callee;
  C.CalleeName = Callee;
  C.Where = {"/p/a.cpp", 10, 2, 1};
  C.Hot = Hot;
  if (Arg) {
    DeviceValue V;
    V.Device = *Arg;
    C.Args.push_back({0, V});
  }
  return C;
}

/// A call that passes the caller's own parameter 0 (CPU unless it is not).
CallSummary forward(const std::string &Callee, const std::string &Hot,
                    const std::string &Caller) {
  CallSummary C = call(Callee, Hot);
  DeviceValue V;
  V.Device = Device::CPU;
  V.Deps.push_back({ProgramFact::Parameter, Caller, 0, Caller});
  C.Args.push_back({0, V});
  return C;
}

struct Facts {
  clang::tidy::torchsync::FactsFile File;

  bool hot(const std::string &Usr) const {
    for (const ResolvedFact &R : File.Facts)
      if (R.Fact.Kind == ProgramFact::Hot && R.Fact.Usr == Usr)
        return true;
    return false;
  }
  std::optional<Device> parameter(const std::string &Usr) const {
    for (const ResolvedFact &R : File.Facts)
      if (R.Fact.Kind == ProgramFact::Parameter && R.Fact.Usr == Usr &&
          R.Fact.Index == 0)
        return R.Device;
    return std::nullopt;
  }
};

Facts resolve(Summary S) {
  S.DefinesMain = true;
  std::vector<Summary> All;
  All.push_back(std::move(S));
  return {ProgramModel(std::move(All), /*Complete=*/true).exportFacts()};
}

TEST(ResolveTest, HotThroughACallInALoop) {
  Summary S;
  S.Functions = {function("main"), function("step"), function("cold")};
  S.Calls = {call("step", "loop", Device::CPU), call("cold", "no", Device::CPU)};
  Facts F = resolve(S);
  EXPECT_TRUE(F.hot("step"));
  EXPECT_FALSE(F.hot("cold"));
  EXPECT_EQ(F.parameter("step"), Device::CPU);
}

TEST(ResolveTest, OneHotCallerIsEnough) {
  Summary S;
  S.Functions = {function("main"), function("g")};
  S.Calls = {call("g", "no", Device::CPU), call("g", "loop", Device::CPU)};
  EXPECT_TRUE(resolve(S).hot("g"));
}

TEST(ResolveTest, RecursionKeepsTheCallersDevice) {
  // f calls itself with its own parameter; main passes a CPU tensor: the
  // fixpoint ends with f's parameter on the CPU.
  Summary S;
  S.Functions = {function("main"), function("f")};
  S.Calls = {call("f", "loop", Device::CPU), forward("f", "hot", "f")};
  Facts F = resolve(S);
  EXPECT_TRUE(F.hot("f"));
  EXPECT_EQ(F.parameter("f"), Device::CPU);
}

TEST(ResolveTest, CallersThatDisagree) {
  Summary S;
  S.Functions = {function("main"), function("h"), function("k")};
  S.Calls = {call("h", "loop", Device::CPU), call("h", "loop", Device::CUDA),
             call("k", "loop", Device::CPU),
             call("k", "loop", Device::Runtime)};
  Facts F = resolve(S);
  EXPECT_EQ(F.parameter("h"), Device::CUDA);
  // A device chosen at run time is "maybe CUDA" in the facts file.
  EXPECT_EQ(F.parameter("k"), Device::Unknown);
}

TEST(ResolveTest, DevicesFlowThroughForwardedParameters) {
  Summary S;
  S.Functions = {function("main"), function("outer"), function("inner")};
  S.Calls = {call("outer", "loop", Device::CUDA),
             forward("inner", "hot", "outer")};
  Facts F = resolve(S);
  EXPECT_EQ(F.parameter("outer"), Device::CUDA);
  EXPECT_EQ(F.parameter("inner"), Device::CUDA);
}

TEST(ResolveTest, ExternalFunctionsOfALibraryStayOpen) {
  // No main: an external function may be called from outside the project.
  Summary S;
  FunctionSummary Api = function("api");
  Api.External = true;
  S.Functions = {Api};
  S.Calls = {call("api", "loop", Device::CPU)};
  std::vector<Summary> All{S};
  Facts F{ProgramModel(std::move(All), /*Complete=*/true).exportFacts()};
  EXPECT_EQ(F.parameter("api"), Device::Unknown);
}

TEST(ResolveTest, SummariesRoundTrip) {
  Summary S;
  S.Functions = {function("main"), function("f")};
  S.Calls = {call("f", "loop", Device::Runtime), forward("f", "hot", "f")};
  S.DefinesMain = true;
  S.ReachesCuda = true;
  S.CudaReason = "names kCUDA";
  std::string Json = summaryToJson(S);
  llvm::Expected<Summary> Back = summaryFromJson(Json);
  ASSERT_TRUE(static_cast<bool>(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(summaryToJson(*Back), Json);
  ASSERT_EQ(Back->Calls.size(), 2u);
  EXPECT_EQ(Back->Calls[0].Args[0].second.Device, Device::Runtime);
  EXPECT_EQ(Back->Calls[1].Args[0].second.Deps.size(), 1u);
}

TEST(ResolveTest, AnotherSummaryVersionIsRefused) {
  llvm::Expected<Summary> Back = summaryFromJson(R"({"version": 99})");
  ASSERT_FALSE(static_cast<bool>(Back));
  EXPECT_NE(llvm::toString(Back.takeError()).find("version"),
            std::string::npos);
}

} // namespace
