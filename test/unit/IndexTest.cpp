//===--- IndexTest.cpp - The program index over summaries ------------------===//
//
// The program index (checks/program/Index.h) on summaries written by hand:
// which functions are hot and which devices their parameters get, through
// recursion, hot and cold callers and callers that disagree; what decide()
// says of a finding's condition and which notes it gives; the same decision
// after the facts go through the summary file and are loaded for another
// file, and without the facts of a file changed since; what a function that
// returns on the device of a parameter returns at each call (through chains
// of such functions, tuple elements, recursion); and the summaries' JSON
// round trip.
//
//===----------------------------------------------------------------------===//

#include "program/Index.h"
#include "program/Serialization.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <map>
#include <optional>
#include <string>
#include <tuple>

using namespace clang::tidy::torchsync;

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
  FactsFile File;

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
  return {Index::resolve(std::move(All), /*Complete=*/true).data()};
}

/// \p S as the summary file gives it back (empty after a failure, which is
/// reported).
Summary throughSummaryFile(const Summary &S) {
  llvm::Expected<Summary> Back = summaryFromJson(summaryToJson(S));
  if (!Back) {
    ADD_FAILURE() << llvm::toString(Back.takeError());
    return Summary();
  }
  return std::move(*Back);
}

/// The facts of \p F as a check in another file loads them from the facts
/// file (an empty file after a failure, which is reported).
FactsFile throughFactsFile(const Facts &F) {
  llvm::Expected<FactsFile> Read = factsFromJson(factsToJson(F.File));
  if (!Read) {
    ADD_FAILURE() << llvm::toString(Read.takeError());
    return FactsFile();
  }
  return std::move(*Read);
}

TEST(IndexTest, HotThroughACallInALoop) {
  Summary S;
  S.Functions = {function("main"), function("step"), function("cold")};
  S.Calls = {call("step", "loop", Device::CPU), call("cold", "no", Device::CPU)};
  Facts F = resolve(S);
  EXPECT_TRUE(F.hot("step"));
  EXPECT_FALSE(F.hot("cold"));
  EXPECT_EQ(F.parameter("step"), Device::CPU);
}

TEST(IndexTest, OneHotCallerIsEnough) {
  Summary S;
  S.Functions = {function("main"), function("g")};
  S.Calls = {call("g", "no", Device::CPU), call("g", "loop", Device::CPU)};
  EXPECT_TRUE(resolve(S).hot("g"));
}

TEST(IndexTest, RecursionKeepsTheCallersDevice) {
  // f calls itself with its own parameter; main passes a CPU tensor: the
  // fixpoint ends with f's parameter on the CPU.
  Summary S;
  S.Functions = {function("main"), function("f")};
  S.Calls = {call("f", "loop", Device::CPU), forward("f", "hot", "f")};
  Facts F = resolve(S);
  EXPECT_TRUE(F.hot("f"));
  EXPECT_EQ(F.parameter("f"), Device::CPU);
}

TEST(IndexTest, CallersThatDisagree) {
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

TEST(IndexTest, DevicesFlowThroughForwardedParameters) {
  Summary S;
  S.Functions = {function("main"), function("outer"), function("inner")};
  S.Calls = {call("outer", "loop", Device::CUDA),
             forward("inner", "hot", "outer")};
  Facts F = resolve(S);
  EXPECT_EQ(F.parameter("outer"), Device::CUDA);
  EXPECT_EQ(F.parameter("inner"), Device::CUDA);
}

TEST(IndexTest, ExternalFunctionsOfALibraryStayOpen) {
  // No main: an external function may be called from outside the project.
  Summary S;
  FunctionSummary Api = function("api");
  Api.External = true;
  S.Functions = {Api};
  S.Calls = {call("api", "loop", Device::CPU)};
  std::vector<Summary> All{S};
  Facts F{Index::resolve(std::move(All), /*Complete=*/true).data()};
  EXPECT_EQ(F.parameter("api"), Device::Unknown);
}

/// A registration of \p Usr as an operator for the dispatch key of
/// device \p D (None: no key), with tensor parameter 0.
RegistrationSummary registration(const std::string &Usr, Device D) {
  RegistrationSummary R;
  R.Usr = Usr;
  R.Name = Usr;
  R.Where = {"/p/reg.cpp", 40, 3, 1};
  R.As = "an operator";
  R.Dispatch = D;
  R.TensorParams = {0};
  return R;
}

TEST(IndexTest, DispatchKeysOfRegistrationsInAnotherFile) {
  // Registered in reg.cpp, defined elsewhere: hot wherever; the key's
  // device decides its tensors where the project never calls it
  // (whole-program-2026-11-27.md, 3 and 4).
  Summary S;
  S.Functions = {function("main"), function("cuda_op"), function("cpu_op"),
                 function("any_op"), function("both_op"),
                 function("called_op")};
  S.Registrations = {registration("cuda_op", Device::CUDA),
                     registration("cpu_op", Device::CPU),
                     registration("any_op", Device::None),
                     registration("both_op", Device::CPU),
                     registration("both_op", Device::CUDA),
                     registration("called_op", Device::CPU)};
  S.Calls = {call("called_op", "loop", Device::CUDA)};
  Facts F = resolve(S);
  for (const char *Op : {"cuda_op", "cpu_op", "any_op", "both_op"})
    EXPECT_TRUE(F.hot(Op)) << Op;
  EXPECT_EQ(F.parameter("cuda_op"), Device::CUDA);
  EXPECT_EQ(F.parameter("cpu_op"), Device::CPU);
  EXPECT_EQ(F.parameter("any_op"), std::nullopt); // Open: unknown.
  EXPECT_EQ(F.parameter("both_op"), std::nullopt);
  // The project's own call passes a CUDA tensor: the key decides nothing.
  EXPECT_EQ(F.parameter("called_op"), Device::CUDA);
  for (const ResolvedFact &R : F.File.Facts)
    if (R.Fact.Kind == ProgramFact::Parameter && R.Fact.Usr == "cuda_op") {
      ASSERT_EQ(R.Notes.size(), 1u);
      EXPECT_EQ(R.Notes[0].Text, "'cuda_op' is registered as an operator for CUDA here");
      EXPECT_EQ(R.From, std::vector<std::string>({"/p/a.cpp", "/p/reg.cpp"}));
    }
  // The key survives the summary's JSON.
  llvm::Expected<Summary> Back = summaryFromJson(summaryToJson(S));
  ASSERT_TRUE(static_cast<bool>(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->Registrations[0].Dispatch, Device::CUDA);
  EXPECT_EQ(Back->Registrations[0].TensorParams, std::vector<unsigned>{0});
  EXPECT_EQ(Back->Registrations[2].Dispatch, Device::None);
}

TEST(IndexTest, CallsThroughDispatchTables) {
  // A call through a table in a loop calls each function stored in it.
  Summary S;
  S.Functions = {function("main"), function("k_cpu"), function("k_cuda"),
                 function("k_other")};
  S.Tables = {{"table", {"k_cpu", "k_cuda"}}};
  CallSummary Through = call("", "loop", Device::CUDA);
  Through.Through = "table";
  Through.CalleeName = "table";
  S.Calls = {Through};
  Facts F = resolve(S);
  EXPECT_TRUE(F.hot("k_cpu"));
  EXPECT_TRUE(F.hot("k_cuda"));
  EXPECT_FALSE(F.hot("k_other"));
  EXPECT_EQ(F.parameter("k_cuda"), Device::CUDA);
  llvm::Expected<Summary> Back = summaryFromJson(summaryToJson(S));
  ASSERT_TRUE(static_cast<bool>(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->Tables.size(), 1u);
  EXPECT_EQ(Back->Calls[0].Through, "table");
}

TEST(IndexTest, SummariesRoundTrip) {
  Summary S;
  S.Functions = {function("main"), function("f")};
  S.Functions[1].ReturnsTensor = true;
  S.Functions[1].Returns.Device = Device::CPU;
  S.Functions[1].Returns.Deps = {
      {ProgramFact::ReturnsAt, "g", 0, "g", 0, "/p/a b;c|%d.cpp", 42}};
  S.Functions[1].Parameters = {"x", ""};
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
  EXPECT_EQ(Back->Functions[1].Parameters, S.Functions[1].Parameters);
  EXPECT_EQ(Back->Functions[1].Returns.Deps, S.Functions[1].Returns.Deps);
}

TEST(IndexTest, TupleElementsAreReturnsFactsOfTheirOwn) {
  // 'load' returns a tuple: element 0 a host tensor, element 1 CUDA; a
  // Returns fact's Index is the element + 1 (0: a tensor returned whole).
  Summary S;
  FunctionSummary Load = function("load");
  DeviceValue Host, Cuda;
  Host.Device = Device::CPU;
  Cuda.Device = Device::CUDA;
  Load.ReturnElements = {{0, Host}, {1, Cuda}};
  S.Functions = {function("main"), Load};
  llvm::Expected<Summary> Back = summaryFromJson(summaryToJson(S));
  ASSERT_TRUE(static_cast<bool>(Back)) << llvm::toString(Back.takeError());
  ASSERT_EQ(Back->Functions[1].ReturnElements.size(), 2u);
  EXPECT_EQ(Back->Functions[1].ReturnElements[1].first, 1u);
  EXPECT_EQ(Back->Functions[1].ReturnElements[1].second.Device, Device::CUDA);

  Facts F = resolve(std::move(*Back));
  std::map<unsigned, Device> Elements;
  for (const ResolvedFact &R : F.File.Facts)
    if (R.Fact.Kind == ProgramFact::Returns && R.Fact.Usr == "load")
      Elements[R.Fact.Index] = R.Device;
  EXPECT_EQ(Elements, (std::map<unsigned, Device>{{1, Device::CPU},
                                                  {2, Device::CUDA}}));
}

TEST(IndexTest, OutParametersAreFactsOfTheirOwn) {
  // 'load' writes a host tensor to its tensor parameter 0, and to its tuple
  // parameter 1 a host tensor as element 0 and a CUDA one as element 1;
  // 'virt' is virtual (an override may write another); 'chain' writes what
  // 'load' leaves in its parameter 0. An Out fact's Index is the parameter,
  // its Element 0 (the tensor) or the element + 1.
  Summary S;
  FunctionSummary Load = function("load");
  auto Out = [](unsigned Param, unsigned Element, Device D,
                std::vector<ProgramFact> Deps = {}) {
    OutParamSummary P;
    P.Param = Param;
    P.Element = Element;
    P.Name = "p" + std::to_string(Param);
    P.Where = {"/p/loader.cpp", 30 + Param, 4, 20};
    P.Value.Device = D;
    P.Value.Deps = std::move(Deps);
    return P;
  };
  Load.OutParams = {Out(0, 0, Device::CPU), Out(1, 1, Device::CPU),
                    Out(1, 2, Device::CUDA)};
  FunctionSummary Virt = function("virt");
  Virt.Virtual = true;
  Virt.OutParams = {Out(0, 0, Device::CPU)};
  FunctionSummary Chain = function("chain");
  ProgramFact LoadOut{ProgramFact::Out, "load", 0, "load"};
  Chain.OutParams = {Out(0, 0, Device::CPU, {LoadOut})};
  S.Functions = {function("main"), Load, Virt, Chain};
  llvm::Expected<Summary> Back = summaryFromJson(summaryToJson(S));
  ASSERT_TRUE(static_cast<bool>(Back)) << llvm::toString(Back.takeError());
  ASSERT_EQ(Back->Functions[1].OutParams.size(), 3u);
  const OutParamSummary &Second = Back->Functions[1].OutParams[2];
  EXPECT_EQ(Second.Param, 1u);
  EXPECT_EQ(Second.Element, 2u);
  EXPECT_EQ(Second.Name, "p1");
  EXPECT_EQ(Second.Where.Offset, 31u);
  EXPECT_EQ(Second.Value.Device, Device::CUDA);
  ASSERT_EQ(Back->Functions[3].OutParams[0].Value.Deps.size(), 1u);
  EXPECT_EQ(Back->Functions[3].OutParams[0].Value.Deps[0], LoadOut);

  Facts F = resolve(std::move(*Back));
  std::map<std::tuple<std::string, unsigned, unsigned>, Device> Outs;
  for (const ResolvedFact &R : F.File.Facts)
    if (R.Fact.Kind == ProgramFact::Out)
      Outs[{R.Fact.Usr, R.Fact.Index, R.Fact.Element}] = R.Device;
  using Key = std::tuple<std::string, unsigned, unsigned>;
  EXPECT_EQ(Outs, (std::map<Key, Device>{{{"chain", 0, 0}, Device::CPU},
                                         {{"load", 0, 0}, Device::CPU},
                                         {{"load", 1, 1}, Device::CPU},
                                         {{"load", 1, 2}, Device::CUDA},
                                         {{"virt", 0, 0}, Device::Unknown}}));

  // Through the summary file, each is a fact of its own: a host source
  // that is element 0 of parameter 1 holds, with its note; element 1 is
  // CUDA and the virtual function's unknown.
  llvm::Expected<FactsFile> Read = factsFromJson(factsToJson(F.File));
  ASSERT_TRUE(static_cast<bool>(Read)) << llvm::toString(Read.takeError());
  Index Loaded(*Read, "/elsewhere/main.cpp");
  ProgramFact Element0{ProgramFact::Out, "load", 1, "load", 1};
  ProgramFact Element1{ProgramFact::Out, "load", 1, "load", 2};
  EXPECT_FALSE(FactKey::of(Element0) == FactKey::of(Element1));
  Condition C;
  C.Host = {Element0};
  Decision D = Loaded.decide(C);
  EXPECT_TRUE(D.Holds);
  ASSERT_EQ(D.Notes.size(), 1u);
  EXPECT_EQ(D.Notes[0].Text,
            "'load' writes a host tensor to element 0 of its parameter 'p1'");
  EXPECT_EQ(D.Notes[0].File, "/p/loader.cpp");
  EXPECT_EQ(D.Notes[0].Offset, 31u);
  C.Host = {Element1};
  EXPECT_FALSE(Loaded.decide(C).Holds);
  C.Host = {ProgramFact{ProgramFact::Out, "virt", 0, "virt"}};
  EXPECT_FALSE(Loaded.decide(C).Holds);
  C.Host = {LoadOut};
  D = Loaded.decide(C);
  EXPECT_TRUE(D.Holds);
  ASSERT_EQ(D.Notes.size(), 1u);
  EXPECT_EQ(D.Notes[0].Text, "'load' writes a host tensor to its parameter 'p0'");
}

TEST(IndexTest, ADatasetsGetHoldsThoughVirtual) {
  // Two virtual functions that return host tensors: 'render' may be
  // overridden (a call may run another body: unknown); 'get' makes a
  // dataset's examples, which a loader asks of the dataset's own type.
  Summary S;
  FunctionSummary Render = function("render");
  Render.Virtual = Render.ReturnsTensor = true;
  Render.Returns.Device = Device::CPU;
  FunctionSummary Get = Render;
  Get.Usr = Get.Name = "get";
  Get.ExamplesMaker = true;
  S.Functions = {function("main"), Render, Get};
  Summary Back = throughSummaryFile(S);
  ASSERT_EQ(Back.Functions.size(), 3u);
  EXPECT_FALSE(Back.Functions[1].ExamplesMaker);
  EXPECT_TRUE(Back.Functions[2].ExamplesMaker);
  Facts F = resolve(std::move(Back));
  std::map<std::string, Device> Returns;
  for (const ResolvedFact &R : F.File.Facts)
    if (R.Fact.Kind == ProgramFact::Returns)
      Returns[R.Fact.Usr] = R.Device;
  EXPECT_EQ(Returns, (std::map<std::string, Device>{
                         {"get", Device::CPU}, {"render", Device::Unknown}}));
  Index Loaded(throughFactsFile(F), "/elsewhere/main.cpp");
  Condition C;
  C.Host = {ProgramFact{ProgramFact::Returns, "get", 0, "get"}};
  Decision D = Loaded.decide(C);
  EXPECT_TRUE(D.Holds);
  ASSERT_EQ(D.Notes.size(), 1u);
  EXPECT_EQ(D.Notes[0].Text, "'get' returns examples of host tensors");
}

TEST(IndexTest, AContainerNeverWrittenAddsNothing) {
  // 'train' takes a vector by non-const reference and never writes it: what
  // its callers' vectors hold stays what they put there, so the fact is a
  // host one (neutral in a join over a vector's values) and has no note.
  Summary S;
  FunctionSummary Train = function("train");
  OutParamSummary Kept;
  Kept.Param = 2;
  Kept.Name = "images";
  Kept.Where = {"/p/train.cpp", 40, 4, 20};
  Kept.Value.Device = Device::CPU;
  Kept.Written = false;
  Train.OutParams = {Kept};
  S.Functions = {function("main"), Train};
  Summary Back = throughSummaryFile(S);
  ASSERT_EQ(Back.Functions.size(), 2u);
  ASSERT_EQ(Back.Functions[1].OutParams.size(), 1u);
  EXPECT_FALSE(Back.Functions[1].OutParams[0].Written);
  // A summary without the key (written before it existed) is written.
  Summary Old;
  Old.Functions = {function("old")};
  Old.Functions[0].OutParams = {Kept};
  Old.Functions[0].OutParams[0].Written = true;
  Summary OldBack = throughSummaryFile(Old);
  ASSERT_EQ(OldBack.Functions.size(), 1u);
  EXPECT_TRUE(OldBack.Functions[0].OutParams[0].Written);

  Facts F = resolve(std::move(Back));
  Index Loaded(throughFactsFile(F), "/elsewhere/main.cpp");
  Condition C;
  C.Host = {ProgramFact{ProgramFact::Out, "train", 2, "train"}};
  Decision D = Loaded.decide(C);
  EXPECT_TRUE(D.Holds);
  EXPECT_TRUE(D.Notes.empty());
  // Another parameter of it has no fact: not known.
  C.Host = {ProgramFact{ProgramFact::Out, "train", 1, "train"}};
  EXPECT_FALSE(Loaded.decide(C).Holds);
}

/// A call of \p Callee at \p Offset of /p/main.cpp that passes \p Args
/// (by parameter).
CallSummary callAt(const std::string &Callee, unsigned Offset,
                   std::vector<std::pair<unsigned, DeviceValue>> Args) {
  CallSummary C = call(Callee, "loop");
  C.Where = {"/p/main.cpp", Offset, Offset / 10, 3};
  C.Args = std::move(Args);
  return C;
}

DeviceValue value(Device D, std::vector<ProgramFact> Deps = {}) {
  DeviceValue V;
  V.Device = D;
  V.Deps = std::move(Deps);
  return V;
}

ProgramFact parameter(const std::string &Usr, unsigned Index) {
  return {ProgramFact::Parameter, Usr, Index, Usr};
}

/// What \p Usr returns (\p Index: 0, or a tuple's element + 1) at the call
/// at \p Offset of \p File.
ProgramFact returnsAt(const std::string &Usr, unsigned Offset,
                      unsigned Index = 0,
                      const std::string &File = "/p/main.cpp") {
  ProgramFact F{ProgramFact::ReturnsAt, Usr, Index, Usr};
  F.File = File;
  F.Offset = Offset;
  return F;
}

/// The per-call facts of a resolved program, by (function, offset, index).
std::map<std::tuple<std::string, unsigned, unsigned>, Device>
perCall(const FactsFile &File) {
  std::map<std::tuple<std::string, unsigned, unsigned>, Device> At;
  for (const ResolvedFact &R : File.Facts)
    if (R.Fact.Kind == ProgramFact::ReturnsAt)
      At[{R.Fact.Usr, R.Fact.Offset, R.Fact.Index}] = R.Device;
  return At;
}

/// A host tensor returned on the device of \p Usr's parameter \p Param
/// (`return cpu.to(device);`), defined in /p/loader.cpp.
FunctionSummary following(const std::string &Usr, unsigned Param,
                          std::vector<std::string> Names) {
  FunctionSummary F = function(Usr);
  F.Where.File = "/p/loader.cpp";
  F.ReturnsTensor = true;
  F.Returns = value(Device::CPU, {parameter(Usr, Param)});
  F.Parameters = std::move(Names);
  return F;
}

/// \p D holds, with notes of these texts.
void expectHoldsWith(const Decision &D, const std::vector<std::string> &Texts) {
  EXPECT_TRUE(D.Holds);
  std::vector<std::string> Got;
  for (const FactNote &N : D.Notes)
    Got.push_back(N.Text);
  ASSERT_EQ(Got, Texts);
}

/// What \p I decides for a finding that needs \p Fact to be a host tensor.
Decision decideHost(const Index &I, const ProgramFact &Fact) {
  Condition C;
  C.Host = {Fact};
  return I.decide(C);
}

/// 'load' returns on the device of its parameter 1; main calls it with the
/// CPU at offset 100 and with CUDA at offset 200.
Summary loadCalledOnCpuAndCuda() {
  Summary S;
  S.Functions = {function("main"), following("load", 1, {"name", "device"})};
  S.Calls = {callAt("load", 100, {{1, value(Device::CPU)}}),
             callAt("load", 200, {{1, value(Device::CUDA)}})};
  return S;
}

TEST(IndexTest, AReturnThatFollowsADeviceParameterIsDecidedPerCall) {
  // 'load' returns on the device of its parameter 1: main calls it with
  // the CPU at offset 100 and with CUDA at offset 200. Joined over every
  // call it may be CUDA; at each call, the call's argument decides.
  Summary S = loadCalledOnCpuAndCuda();
  Facts F = resolve(S);
  std::optional<Device> Whole;
  for (const ResolvedFact &R : F.File.Facts)
    if (R.Fact.Kind == ProgramFact::Returns && R.Fact.Usr == "load")
      Whole = R.Device;
  EXPECT_EQ(Whole, Device::CUDA);
  using Key = std::tuple<std::string, unsigned, unsigned>;
  EXPECT_EQ(perCall(F.File), (std::map<Key, Device>{{{"load", 100, 0}, Device::CPU},
                                                    {{"load", 200, 0}, Device::CUDA}}));

  // Decided the same from the resolved facts and from the summary file
  // loaded for another file: the host call is a host source, with the
  // note at the call; the CUDA call is not, and may be non-CPU.
  llvm::Expected<FactsFile> Read = factsFromJson(factsToJson(F.File));
  ASSERT_TRUE(static_cast<bool>(Read)) << llvm::toString(Read.takeError());
  EXPECT_EQ(perCall(*Read), perCall(F.File));
  std::vector<Summary> All{S};
  All[0].DefinesMain = true;
  Index Resolved = Index::resolve(std::move(All), /*Complete=*/true);
  Index Loaded(*Read, "/elsewhere/other.cpp");
  for (const Index *I : {&Resolved, &Loaded}) {
    Condition C;
    C.Host = {returnsAt("load", 100)};
    Decision D = I->decide(C);
    ASSERT_NO_FATAL_FAILURE(expectHoldsWith(D, {"'load' returns on the device of its argument "
                        "'device', the CPU at this call"}));
    EXPECT_EQ(D.Notes[0].File, "/p/main.cpp");
    EXPECT_EQ(D.Notes[0].Offset, 100u);
    C.Host = {returnsAt("load", 200)};
    EXPECT_FALSE(I->decide(C).Holds);
    C.Host.clear();
    C.Devices = {returnsAt("load", 100)};
    EXPECT_FALSE(I->decide(C).Holds);
    C.Devices = {returnsAt("load", 200)};
    D = I->decide(C);
    EXPECT_TRUE(D.Holds);
    ASSERT_EQ(D.Notes.size(), 1u);
    EXPECT_EQ(D.Notes[0].Text, "'load' returns on the device of its argument "
                               "'device', a CUDA device at this call");
    // A call the index has no fact of is what every call returns.
    C.Devices = {returnsAt("load", 300)};
    EXPECT_TRUE(I->decide(C).Holds);
  }
}

TEST(IndexTest, AReturnFollowsAParameterThroughAChainOfFunctions) {
  // 'load_squeezed' returns what 'load_tensor' returns at its call at
  // offset 50 of loader.cpp, where it passes its own parameter 2 as
  // load_tensor's parameter 1: it follows its parameter 2. main calls it
  // with the CPU (100) and with a device chosen at run time (200).
  Summary S;
  FunctionSummary Squeezed = function("load_squeezed");
  Squeezed.Where.File = "/p/loader.cpp";
  Squeezed.ReturnsTensor = true;
  Squeezed.Returns = value(
      Device::CPU, {returnsAt("load_tensor", 50, 0, "/p/loader.cpp")});
  Squeezed.Parameters = {"a", "n", "device"};
  CallSummary Inner = callAt(
      "load_tensor", 50, {{1, value(Device::CPU, {parameter("load_squeezed", 2)})}});
  Inner.Where.File = "/p/loader.cpp";
  Inner.Hot = "no";
  S.Functions = {function("main"), following("load_tensor", 1, {"name", "device"}),
                 Squeezed};
  S.Calls = {Inner, callAt("load_squeezed", 100, {{2, value(Device::CPU)}}),
             callAt("load_squeezed", 200, {{2, value(Device::Runtime)}})};
  Facts F = resolve(S);
  using Key = std::tuple<std::string, unsigned, unsigned>;
  // The inner call passes what load_squeezed is passed: CPU or run time.
  EXPECT_EQ(perCall(F.File),
            (std::map<Key, Device>{{{"load_squeezed", 100, 0}, Device::CPU},
                                   {{"load_squeezed", 200, 0}, Device::Unknown},
                                   {{"load_tensor", 50, 0}, Device::Unknown}}));
  llvm::Expected<FactsFile> Read = factsFromJson(factsToJson(F.File));
  ASSERT_TRUE(static_cast<bool>(Read)) << llvm::toString(Read.takeError());
  Index Loaded(*Read, "/elsewhere/other.cpp");
  Decision D = decideHost(Loaded, returnsAt("load_squeezed", 100));
  EXPECT_TRUE(D.Holds);
  ASSERT_EQ(D.Notes.size(), 1u);
  EXPECT_EQ(D.Notes[0].Text, "'load_squeezed' returns on the device of its "
                             "argument 'device', the CPU at this call");
  EXPECT_FALSE(decideHost(Loaded, returnsAt("load_squeezed", 200)).Holds);
  // It comes from both definitions and the call.
  for (const ResolvedFact &R : F.File.Facts)
    if (R.Fact.Kind == ProgramFact::ReturnsAt && R.Fact.Offset == 100)
      EXPECT_EQ(R.From,
                std::vector<std::string>({"/p/loader.cpp", "/p/main.cpp"}));
}

TEST(IndexTest, AReturnThatFollowsATensorParameter) {
  // `return t.squeeze();`: a host tensor passed (100), a CUDA one (200),
  // and at 300 `t = squeezed(t)` in a loop, t a host tensor before it: the
  // argument rests on that call's own return, which adds nothing new. At
  // 400 the argument is main's own parameter 0, passed a host tensor by
  // the only call of main (a note says where).
  Summary S;
  FunctionSummary Main = function("main");
  S.Functions = {Main, following("squeezed", 0, {"t"})};
  CallSummary Host = callAt("squeezed", 100, {{0, value(Device::CPU)}});
  S.Calls = {Host, callAt("squeezed", 200, {{0, value(Device::CUDA)}}),
             callAt("squeezed", 300,
                    {{0, value(Device::CPU, {returnsAt("squeezed", 300)})}}),
             callAt("squeezed", 400, {{0, value(Device::CPU, {parameter("main", 0)})}}),
             callAt("main", 500, {{0, value(Device::CPU)}})};
  Facts F = resolve(S);
  using Key = std::tuple<std::string, unsigned, unsigned>;
  EXPECT_EQ(perCall(F.File), (std::map<Key, Device>{{{"squeezed", 100, 0}, Device::CPU},
                                                    {{"squeezed", 200, 0}, Device::CUDA},
                                                    {{"squeezed", 300, 0}, Device::CPU},
                                                    {{"squeezed", 400, 0}, Device::CPU}}));
  std::vector<Summary> All{S};
  All[0].DefinesMain = true;
  Index I = Index::resolve(std::move(All), /*Complete=*/true);
  Decision D = decideHost(I, returnsAt("squeezed", 400));
  ASSERT_NO_FATAL_FAILURE(expectHoldsWith(D, {"'squeezed' returns on the device of its argument 't', "
                      "the CPU at this call",
                      "'main' is passed a host tensor here"}));
  EXPECT_EQ(D.Notes[1].Offset, 500u);
}

TEST(IndexTest, RecursionFallsBackToTheJoinOverEveryCall) {
  // 'f' returns on the device of its parameter 0, or what it returns at
  // its own call at 300 (recursion); 'g' and 'h' return what the other
  // returns at a call that passes their parameter. None is decided per
  // call: every call returns the join over every call (CUDA, for the call
  // at 200), as before.
  Summary S;
  FunctionSummary F = following("f", 0, {"t"});
  F.Returns.Deps.push_back(returnsAt("f", 300));
  FunctionSummary G = function("g"), H = function("h");
  G.ReturnsTensor = H.ReturnsTensor = true;
  G.Returns = value(Device::CPU, {parameter("g", 0), returnsAt("h", 600)});
  H.Returns = value(Device::CPU, {returnsAt("g", 700)});
  S.Functions = {function("main"), F, G, H};
  S.Calls = {callAt("f", 100, {{0, value(Device::CPU)}}),
             callAt("f", 200, {{0, value(Device::CUDA)}}),
             callAt("f", 300, {{0, value(Device::CPU, {parameter("f", 0)})}}),
             callAt("g", 400, {{0, value(Device::CPU)}}),
             callAt("g", 500, {{0, value(Device::CUDA)}}),
             callAt("h", 600, {{0, value(Device::CPU, {parameter("g", 0)})}}),
             callAt("g", 700, {{0, value(Device::CPU, {parameter("h", 0)})}})};
  Facts Resolved = resolve(S);
  EXPECT_TRUE(perCall(Resolved.File).empty());
  std::vector<Summary> All{S};
  All[0].DefinesMain = true;
  Index I = Index::resolve(std::move(All), /*Complete=*/true);
  for (const ProgramFact &Fact : {returnsAt("f", 100), returnsAt("g", 400)}) {
    Condition C;
    C.Host = {Fact};
    EXPECT_FALSE(I.decide(C).Holds) << Fact.Usr;
    C.Host.clear();
    C.Devices = {Fact};
    Decision D = I.decide(C);
    EXPECT_TRUE(D.Holds) << Fact.Usr;
    ASSERT_EQ(D.Notes.size(), 1u);
    EXPECT_EQ(D.Notes[0].Text, "'" + Fact.Usr + "' returns a CUDA tensor");
  }
}

TEST(IndexTest, ATupleElementThatFollowsAParameterIsDecidedPerCall) {
  // 'next' returns a tuple: element 0 on the device of its parameter 0,
  // element 1 a CUDA tensor. At a call that passes the CPU, element 0 is a
  // host tensor; element 1 has no fact per call: CUDA at every call.
  Summary S;
  FunctionSummary Next = function("next");
  Next.ReturnElements = {{0, value(Device::CPU, {parameter("next", 0)})},
                         {1, value(Device::CUDA)}};
  Next.Parameters = {"device"};
  S.Functions = {function("main"), Next};
  S.Calls = {callAt("next", 100, {{0, value(Device::CPU)}}),
             callAt("next", 200, {{0, value(Device::Runtime)}})};
  Facts F = resolve(S);
  using Key = std::tuple<std::string, unsigned, unsigned>;
  EXPECT_EQ(perCall(F.File), (std::map<Key, Device>{{{"next", 100, 1}, Device::CPU},
                                                    {{"next", 200, 1}, Device::Unknown}}));
  llvm::Expected<FactsFile> Read = factsFromJson(factsToJson(F.File));
  ASSERT_TRUE(static_cast<bool>(Read)) << llvm::toString(Read.takeError());
  Index Loaded(*Read, "/elsewhere/other.cpp");
  Condition C;
  C.Host = {returnsAt("next", 100, 1)};
  Decision D = Loaded.decide(C);
  EXPECT_TRUE(D.Holds);
  ASSERT_EQ(D.Notes.size(), 1u);
  EXPECT_EQ(D.Notes[0].Text, "'next' returns element 0 of its result on the "
                             "device of its argument 'device', the CPU at this "
                             "call");
  C.Host = {returnsAt("next", 100, 2)};
  EXPECT_FALSE(Loaded.decide(C).Holds);
  C.Host = {returnsAt("next", 200, 1)};
  EXPECT_FALSE(Loaded.decide(C).Holds);
}

TEST(IndexTest, SummaryFilesWithoutPerCallFactsStillDecide) {
  // The per-call facts are a list of their own in the summary file
  // ("returnsAt"), which a reader that does not know them leaves aside: a
  // file without it decides every call by the function's returns fact.
  Summary S = loadCalledOnCpuAndCuda();
  Facts F = resolve(S);
  std::string Text = factsToJson(F.File);
  EXPECT_NE(Text.find("\"returnsAt\""), std::string::npos);
  FactsFile Without = F.File;
  llvm::erase_if(Without.Facts, [](const ResolvedFact &R) {
    return R.Fact.Kind == ProgramFact::ReturnsAt;
  });
  llvm::Expected<FactsFile> Read = factsFromJson(factsToJson(Without));
  ASSERT_TRUE(static_cast<bool>(Read)) << llvm::toString(Read.takeError());
  Index Loaded(*Read, "/elsewhere/other.cpp");
  Condition C;
  C.Host = {returnsAt("load", 100)};
  EXPECT_FALSE(Loaded.decide(C).Holds);
  // A per-call fact without its place is refused.
  llvm::Expected<FactsFile> Bad = factsFromJson(
      R"({"torchsync-facts": 1, "files": {}, "facts": [], "returnsAt": [{"usr": "load"}]})");
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_NE(llvm::toString(Bad.takeError()).find("returnsAt"), std::string::npos);
}

TEST(IndexTest, AnotherSummaryVersionIsRefused) {
  llvm::Expected<Summary> Back = summaryFromJson(R"({"version": 99})");
  ASSERT_FALSE(static_cast<bool>(Back));
  EXPECT_NE(llvm::toString(Back.takeError()).find("version"),
            std::string::npos);
}

ProgramFact fact(ProgramFact::KindType Kind, const std::string &Usr) {
  return {Kind, Usr, 0, Usr};
}

/// main calls step in a loop with a CUDA tensor, log with a host tensor in
/// a loop, and cold once with an unknown one.
Index program(bool Complete = true) {
  Summary S;
  S.Functions = {function("main"), function("step"), function("log"),
                 function("cold")};
  S.Calls = {call("step", "loop", Device::CUDA),
             call("log", "loop", Device::CPU),
             call("cold", "no", Device::Unknown)};
  S.DefinesMain = true;
  S.ReachesCuda = true;
  std::vector<Summary> All{S};
  return Index::resolve(std::move(All), Complete);
}

TEST(IndexTest, DecideHotAndDevices) {
  Index I = program();
  Condition C;
  C.Hot = {fact(ProgramFact::Hot, "step")};
  C.Devices = {fact(ProgramFact::Parameter, "step")};
  Decision D = I.decide(C);
  EXPECT_TRUE(D.Holds);
  // Where step is made hot, then where the CUDA tensor is passed.
  ASSERT_EQ(D.Notes.size(), 2u);
  EXPECT_EQ(D.Notes[0].Text, "'step' is called in a loop here");
  EXPECT_EQ(D.Notes[1].Text, "'step' is passed a CUDA tensor here");
  EXPECT_EQ(D.Notes[1].File, "/p/a.cpp");
  EXPECT_EQ(D.Notes[1].Offset, 10u);

  // A cold function, a CPU parameter, a function the index does not know.
  C.Hot = {fact(ProgramFact::Hot, "cold")};
  EXPECT_FALSE(I.decide(C).Holds);
  C.Hot.clear();
  C.Devices = {fact(ProgramFact::Parameter, "log")};
  EXPECT_FALSE(I.decide(C).Holds);
  // Any one device that may be non-CPU is enough; no note for an unknown one.
  C.Devices = {fact(ProgramFact::Parameter, "log"),
               fact(ProgramFact::Parameter, "elsewhere")};
  D = I.decide(C);
  EXPECT_TRUE(D.Holds);
  EXPECT_TRUE(D.Notes.empty());
}

TEST(IndexTest, DecideHostSourcesAndCuda) {
  Index I = program();
  Condition C;
  C.Host = {fact(ProgramFact::Parameter, "log")};
  C.Cuda = true;
  Decision D = I.decide(C);
  EXPECT_TRUE(D.Holds);
  ASSERT_EQ(D.Notes.size(), 1u);
  EXPECT_EQ(D.Notes[0].Text, "'log' is passed a host tensor here");
  // Every host source must be CPU: a CUDA one or an unknown one drops it.
  C.Host.push_back(fact(ProgramFact::Parameter, "step"));
  EXPECT_FALSE(I.decide(C).Holds);
  C.Host = {fact(ProgramFact::Parameter, "cold")};
  EXPECT_FALSE(I.decide(C).Holds);

  // A program that never reaches CUDA drops what rests on "is CUDA".
  Summary S;
  S.Functions = {function("main"), function("log")};
  S.Calls = {call("log", "loop", Device::CPU)};
  S.DefinesMain = true;
  std::vector<Summary> All{S};
  Index CpuOnly = Index::resolve(std::move(All), /*Complete=*/true);
  Condition Cuda;
  Cuda.Cuda = true;
  EXPECT_FALSE(CpuOnly.decide(Cuda).Holds);
  EXPECT_TRUE(I.decide(Cuda).Holds);
  // An incomplete program may reach CUDA.
  All = {S};
  EXPECT_TRUE(
      Index::resolve(std::move(All), /*Complete=*/false).decide(Cuda).Holds);
}

/// A file in a fresh temporary folder, with \p Text.
std::string writeTemp(llvm::StringRef Name, llvm::StringRef Text) {
  llvm::SmallString<128> Dir;
  EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("torchsync-index", Dir));
  llvm::sys::path::append(Dir, Name);
  std::error_code EC;
  llvm::raw_fd_ostream OS(Dir, EC);
  EXPECT_FALSE(EC);
  OS << Text;
  return std::string(Dir);
}

/// The summary of \p Source: main calls step in a loop, passing a CUDA
/// tensor.
Summary stepInALoop(const std::string &Source) {
  Summary S;
  S.Functions = {function("main"), function("step")};
  for (FunctionSummary &F : S.Functions)
    F.Where.File = Source;
  S.Calls = {call("step", "loop", Device::CUDA)};
  S.Calls[0].Where.File = Source;
  return S;
}

TEST(IndexTest, LoadedFactsDecideAsResolvedOnesAndDropChangedFiles) {
  // The program's facts, written as the driver writes the summary file
  // (with each file's hash), then loaded for another file.
  std::string Source = writeTemp("a.cpp", "int main() {}\n");
  Summary S = stepInALoop(Source);
  S.DefinesMain = true;
  S.ReachesCuda = true;
  std::vector<Summary> All{S};
  Index Resolved = Index::resolve(std::move(All), /*Complete=*/true);
  FactsFile File = Resolved.data();
  for (auto &Entry : File.Files)
    Entry.second = factsContentHash("int main() {}\n");
  llvm::Expected<FactsFile> Read = factsFromJson(factsToJson(File));
  ASSERT_TRUE(static_cast<bool>(Read)) << llvm::toString(Read.takeError());

  Condition C;
  C.Hot = {fact(ProgramFact::Hot, "step")};
  C.Devices = {fact(ProgramFact::Parameter, "step")};
  Index Loaded(*Read, "/elsewhere/b.cpp");
  Decision A = Resolved.decide(C), B = Loaded.decide(C);
  EXPECT_TRUE(B.Holds);
  ASSERT_EQ(A.Notes.size(), B.Notes.size());
  for (unsigned I = 0; I < A.Notes.size(); ++I) {
    EXPECT_EQ(A.Notes[I].Text, B.Notes[I].Text);
    EXPECT_EQ(A.Notes[I].Offset, B.Notes[I].Offset);
  }
  EXPECT_TRUE(Loaded.staleFiles().empty());
  EXPECT_FALSE(Loaded.describesMainFile());

  // The file changes: its facts are not used, and it is named as stale
  // (unless it is the file being analyzed, whose live parse stands in).
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Source, EC);
    OS << "int main() { return 1; }\n";
  }
  Index Stale(*Read, "/elsewhere/b.cpp");
  EXPECT_FALSE(Stale.decide(C).Holds);
  EXPECT_EQ(Stale.staleFiles(), std::vector<std::string>{Source});
  EXPECT_TRUE(Stale.reachesCuda());
  Index Live(*Read, Source);
  EXPECT_TRUE(Live.staleFiles().empty());
  EXPECT_TRUE(Live.describesMainFile());
}

TEST(IndexTest, LoadedFilesAreSharedAndTheBufferDecidesTheMainFile) {
  // D20: every translation unit that loads the same summary file shares
  // one table of its facts. D16: the main file's facts hold only for the
  // text they were made from (an editor's unsaved buffer may differ).
  std::string Source = writeTemp("m.cpp", "int main() {}\n");
  Summary S = stepInALoop(Source);
  S.MainFile = Source;
  S.MainHash = factsContentHash("int main() {}\n");
  std::vector<Summary> All{S};
  FactsFile File = Index::resolve(std::move(All), /*Complete=*/true).data();
  // Stamped with the text the analysis read (D15).
  EXPECT_EQ(File.Files[Source], S.MainHash);
  std::string Path = writeTemp("facts.json", factsToJson(File));
  auto A = Index::load(Path, "/elsewhere/a.cpp");
  auto B = Index::load(Path, "/elsewhere/b.cpp");
  ASSERT_TRUE(A && B);
  EXPECT_EQ(&(*A)->data(), &(*B)->data());

  Condition C;
  C.Hot = {fact(ProgramFact::Hot, "step")};
  EXPECT_TRUE((*A)->decide(C).Holds);
  auto Same = Index::load(Path, Source, factsContentHash("int main() {}\n"));
  auto Edited =
      Index::load(Path, Source, factsContentHash("int main() { step(); }\n"));
  ASSERT_TRUE(Same && Edited);
  EXPECT_TRUE((*Same)->decide(C).Holds);
  EXPECT_FALSE((*Edited)->decide(C).Holds);
  EXPECT_TRUE((*Edited)->staleFiles().empty());
}

TEST(IndexTest, ChangedCompileCommandsMakeAFileStale) {
  // D14: each summarized file is stamped with the hash of its compile
  // commands; a database that lists other commands for it now drops its
  // facts, and one that does not list it says nothing.
  std::string Source = writeTemp("c.cpp", "int main() {}\n");
  Summary S = stepInALoop(Source);
  S.MainFile = Source;
  S.MainHash = factsContentHash("int main() {}\n");
  auto Database = [&](llvm::StringRef Flag) {
    return "[{\"directory\": \"/\", \"file\": \"" + Source +
           "\", \"arguments\": [\"clang++\", \"" + Flag.str() +
           "\", \"-c\", \"" + Source + "\"]}]";
  };
  std::string Old = writeTemp("compile_commands.json", Database("-DOLD"));
  S.CommandHash = commandHashIn(Old, Source);
  EXPECT_FALSE(S.CommandHash.empty());
  std::vector<Summary> All{S};
  FactsFile File = Index::resolve(std::move(All), /*Complete=*/true).data();
  EXPECT_EQ(File.Commands[Source], S.CommandHash);
  llvm::Expected<FactsFile> Read = factsFromJson(factsToJson(File));
  ASSERT_TRUE(static_cast<bool>(Read)) << llvm::toString(Read.takeError());
  EXPECT_EQ(Read->Commands, File.Commands);

  Condition C;
  C.Hot = {fact(ProgramFact::Hot, "step")};
  Index Same(*Read, "/elsewhere/b.cpp", "", Old);
  EXPECT_TRUE(Same.decide(C).Holds);
  EXPECT_TRUE(Same.staleFiles().empty());
  std::string New = writeTemp("compile_commands.json", Database("-DNEW"));
  Index Changed(*Read, "/elsewhere/b.cpp", "", New);
  EXPECT_FALSE(Changed.decide(C).Holds);
  EXPECT_EQ(Changed.staleFiles(),
            std::vector<std::string>{"the compile command of " + Source});
  std::string Other = writeTemp("compile_commands.json", "[]");
  Index Unlisted(*Read, "/elsewhere/b.cpp", "", Other);
  EXPECT_TRUE(Unlisted.decide(C).Holds);
}

TEST(IndexTest, FunctionIDsAreHashedUsrs) {
  EXPECT_EQ(FunctionID::of("c:@F@step#"), FunctionID::of("c:@F@step#"));
  EXPECT_NE(FunctionID::of("c:@F@step#"), FunctionID::of("c:@F@stop#"));
  // A parameter's index is part of its key, and so is a return's (the
  // element of a returned tuple + 1); a hot fact has none.
  ProgramFact P0{ProgramFact::Parameter, "u", 0, "f"};
  ProgramFact P1{ProgramFact::Parameter, "u", 1, "f"};
  EXPECT_FALSE(FactKey::of(P0) == FactKey::of(P1));
  ProgramFact R2{ProgramFact::Returns, "u", 2, "f"};
  ProgramFact R0{ProgramFact::Returns, "u", 0, "f"};
  EXPECT_FALSE(FactKey::of(R2) == FactKey::of(R0));
  // An out-parameter's index and element are both part of its key.
  ProgramFact O01{ProgramFact::Out, "u", 0, "f", 1};
  ProgramFact O02{ProgramFact::Out, "u", 0, "f", 2};
  ProgramFact O11{ProgramFact::Out, "u", 1, "f", 1};
  EXPECT_FALSE(FactKey::of(O01) == FactKey::of(O02));
  EXPECT_FALSE(FactKey::of(O01) == FactKey::of(O11));
  EXPECT_FALSE(FactKey::of(O01) ==
               FactKey::of(ProgramFact{ProgramFact::Returns, "u", 0, "f"}));
  // A returns-at fact's call is part of its key, and it is not the
  // returns fact.
  ProgramFact At{ProgramFact::ReturnsAt, "u", 0, "f"};
  At.File = "/p/a.cpp";
  At.Offset = 10;
  ProgramFact Later = At, Elsewhere = At;
  Later.Offset = 11;
  Elsewhere.File = "/p/b.cpp";
  EXPECT_FALSE(FactKey::of(At) == FactKey::of(Later));
  EXPECT_FALSE(FactKey::of(At) == FactKey::of(Elsewhere));
  EXPECT_FALSE(FactKey::of(At) == FactKey::of(R0));
  EXPECT_TRUE(FactKey::of(At) == FactKey::of(ProgramFact(At)));
  ProgramFact H5{ProgramFact::Hot, "u", 5, "f"};
  ProgramFact H0{ProgramFact::Hot, "u", 0, "f"};
  EXPECT_TRUE(FactKey::of(H5) == FactKey::of(H0));
}

} // namespace
