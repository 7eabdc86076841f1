//===--- CatalogMain.cpp - torchsync-catalog: runs the snippet pairs ------===//
//
// Purpose: the one binary that holds every snippet pair. For one pair
// (--only ID) it counts the host-blocking CUDA events of one steady-state
// iteration of each variant with the linked CUPTI probe, asks sync debug mode
// the same question, checks that both variants give equal outputs on fresh
// random inputs, and times each variant with CUDA events (median per
// iteration after warm-up), then writes one JSON object. The orchestrator
// (tools/torchsync-verify catalog) runs each pair in a child process of this
// binary, so a pair that crashes, hangs or breaks the CUDA context is
// reported and the others still run.
//
//   torchsync-catalog --list | --describe
//   torchsync-catalog --only CHECK/PAIR [--json FILE] [--probe-log FILE]
//                     [--samples N] [--iters N] [--warmup N] [--trials N]
//   torchsync-catalog --only _selftest/{crash,hang,cuda-error}
//
//===----------------------------------------------------------------------===//

#include "Catalog.h"

#include "../common/CheckStatus.h"
#include "../common/JsonWriter.h"
#include "../guard/SyncDebugGuard.h"
#include "../probe/Probe.h"

#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/CUDAEvent.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <thread>

using namespace torchsync;
using namespace torchsync::catalog;

namespace {

struct Settings {
  std::string Only, JsonPath, ProbeLog;
  int Warmup = 3, Samples = 15, Iters = 10, Trials = 3;
};

const char *expectName(Expect E) { return E == Expect::Sync ? "sync" : "none"; }

void deviceSync() { TS_CUDA_CHECK(cudaDeviceSynchronize()); }

std::string shapeOf(const at::Tensor &T) {
  std::string S = "[";
  for (size_t I = 0; I < T.sizes().size(); ++I)
    S += (I ? "," : "") + std::to_string(T.sizes()[I]);
  return S + "]";
}

/// Tolerances that fit the dtype: float32 sums in a different order differ
/// in the last bits, reduced-precision floats much more, integers not at all.
std::pair<double, double> tolerances(at::ScalarType T, const Pair &P) {
  if (P.Rtol >= 0)
    return {P.Rtol, P.Atol};
  switch (T) {
  case at::kDouble:
    return {1e-9, 1e-12};
  case at::kFloat:
    return {1e-4, 1e-5};
  case at::kHalf:
  case at::kBFloat16:
    return {1e-2, 1e-3};
  default:
    return {0, 0};
  }
}

struct Comparison {
  bool Equal = true;
  double MaxAbs = 0;
  int DifferedByDesign = 0;
  std::string Detail;
};

void compareOutputs(const Pair &P, const Outputs &A, const Outputs &B,
                    Comparison &C) {
  if (A.size() != B.size()) {
    C.Equal = false;
    C.Detail = "output counts differ: " + std::to_string(A.size()) + " vs " +
               std::to_string(B.size());
    return;
  }
  for (size_t I = 0; I < A.size(); ++I) {
    std::string Where = "output " + std::to_string(I) + ": ";
    if (!A[I].defined() || !B[I].defined() || A[I].sizes() != B[I].sizes()) {
      if (P.MayDiffer.count(I)) {
        ++C.DifferedByDesign;
        continue;
      }
      C.Equal = false;
      C.Detail =
          Where + "shapes differ: " + shapeOf(A[I]) + " vs " + shapeOf(B[I]);
      return;
    }
    auto [Rtol, Atol] = tolerances(A[I].scalar_type(), P);
    at::Tensor X = A[I].detach().to(at::kCPU).to(at::kDouble);
    at::Tensor Y = B[I].detach().to(at::kCPU).to(at::kDouble);
    at::Tensor BothNan = X.isnan().logical_and(Y.isnan());
    at::Tensor Diff = (X - Y).abs().masked_fill(BothNan, 0);
    bool Ok =
        Diff.le(Y.abs() * Rtol + Atol).logical_or(BothNan).all().item<bool>();
    double MaxAbs = Diff.numel() ? Diff.max().item<double>() : 0;
    if (P.MayDiffer.count(I)) {
      C.DifferedByDesign += !Ok;
      continue;
    }
    C.MaxAbs = std::max(C.MaxAbs, std::isnan(MaxAbs) ? INFINITY : MaxAbs);
    if (!Ok) {
      C.Equal = false;
      char Buf[160];
      std::snprintf(Buf, sizeof Buf,
                    "values differ (max |a-b| %.3g, rtol %.1g, atol %.1g)",
                    MaxAbs, Rtol, Atol);
      C.Detail = Where + Buf;
      return;
    }
  }
}

std::vector<at::Tensor> makeInputs(const Pair &P, uint64_t Seed) {
  torch::manual_seed(Seed);
  std::vector<at::Tensor> In = P.Inputs();
  // Never zeros: an all-zero input hides unwritten outputs and wrong indexing.
  for (size_t I = 0; I < In.size(); ++I)
    if (In[I].is_floating_point() && In[I].numel() > 0 &&
        !In[I].ne(0).any().item<bool>())
      throw std::runtime_error(P.id() + ": input " + std::to_string(I) +
                               " is all zeros");
  deviceSync();
  return In;
}

std::string runVariant(const Pair &P, const char *Role, const Variant &V,
                       const std::vector<at::Tensor> &In, const Settings &S) {
  json::Object O;
  O.str("role", Role).str("code", V.Code).str("expect", expectName(V.Expected));
  Ctx C(In);
  for (int I = 0; I < std::max(2, S.Warmup); ++I)
    V.Run(C);
  deviceSync();

  // The tracer: one steady-state iteration.
  probe::setEnabled(true);
  probe::beginRegion(P.id() + "/" + Role);
  V.Run(C);
  probe::endRegion();
  probe::setEnabled(false);
  deviceSync();
  probe::setEnabled(true);
  std::vector<probe::SyncEvent> Events = probe::collect();
  probe::setEnabled(false);
  std::map<std::string, int> Kinds;
  uint64_t BlockedNs = 0;
  json::Array EventJson;
  for (auto &E : Events) {
    ++Kinds[probe::apiClassName(E.Kind)];
    BlockedNs += E.blockedNs();
    EventJson.raw(probe::toJson(E));
  }
  json::Object KindJson;
  for (auto &KV : Kinds)
    KindJson.integer(KV.first, KV.second);
  int Syncs = static_cast<int>(Events.size());
  O.raw("tracer", json::Object()
                      .integer("syncs", Syncs)
                      .raw("kinds", KindJson.done())
                      .num("blocked_us", BlockedNs / 1000.0)
                      .raw("events", EventJson.done())
                      .done());

  // The second oracle.
  guard::DebugModeResult DM = guard::observeWithDebugMode([&] { V.Run(C); });
  deviceSync();
  O.raw("debug_mode", json::Object()
                          .integer("warnings", DM.Warnings)
                          .boolean("error_thrown", DM.ErrorThrown)
                          .str("error", DM.ErrorMessage)
                          .done());
  bool Seen = Syncs > 0;
  bool AsExpected = Seen == (V.Expected == Expect::Sync);
  O.str("verdict", AsExpected ? "as expected" : "UNEXPECTED");

  // Time per iteration: CUDA events around Iters iterations, median of
  // Samples, after warm-up; the probe is off.
  std::vector<double> Ms;
  at::cuda::CUDAEvent Start(cudaEventDefault), End(cudaEventDefault);
  for (int I = 0; I < S.Warmup; ++I)
    V.Run(C);
  deviceSync();
  for (int Sample = 0; Sample < S.Samples; ++Sample) {
    Start.record();
    for (int I = 0; I < S.Iters; ++I)
      V.Run(C);
    End.record();
    End.synchronize();
    Ms.push_back(Start.elapsed_time(End) / S.Iters);
  }
  std::sort(Ms.begin(), Ms.end());
  O.raw("timing", json::Object()
                      .num("median_ms", Ms[Ms.size() / 2])
                      .num("min_ms", Ms.front())
                      .num("max_ms", Ms.back())
                      .integer("samples", S.Samples)
                      .integer("iters_per_sample", S.Iters)
                      .integer("warmup", S.Warmup)
                      .done());
  return O.done();
}

std::string describe(const Pair &P) {
  return json::Object()
      .str("pair", P.id())
      .str("check", P.Check)
      .str("name", P.Name)
      .str("rows", P.Rows)
      .str("what", P.What)
      .boolean("no_sync_case", P.NoSyncCase)
      .str("flagged_code", P.Flagged.Code)
      .str("rewrite_code", P.Rewrite.Code)
      .str("flagged_expect", expectName(P.Flagged.Expected))
      .str("rewrite_expect", expectName(P.Rewrite.Expected))
      .str("note", P.Note)
      .done();
}

std::string environment() {
  int Runtime = 0, Driver = 0;
  TS_CUDA_CHECK(cudaRuntimeGetVersion(&Runtime));
  TS_CUDA_CHECK(cudaDriverGetVersion(&Driver));
  return json::Object()
      .str("gpu", at::cuda::getCurrentDeviceProperties()->name)
      .str("libtorch", TORCH_VERSION)
      .integer("cuda_runtime", Runtime)
      .integer("cuda_driver", Driver)
      .done();
}

std::string runPair(const Pair &P, const Settings &S) {
  json::Object O;
  O.str("pair", P.id()).raw("environment", environment());
  std::vector<at::Tensor> In = makeInputs(P, 1);
  json::Array Variants;
  Variants.raw(runVariant(P, "flagged", P.Flagged, In, S));
  Variants.raw(runVariant(P, "rewrite", P.Rewrite, In, S));
  O.raw("variants", Variants.done());

  Comparison C;
  for (int T = 0; T < S.Trials && C.Equal; ++T) {
    std::vector<at::Tensor> TIn = makeInputs(P, 1000 + T);
    Ctx A(TIn), B(TIn);
    Outputs OA = P.Flagged.Run(A);
    Outputs OB = P.Rewrite.Run(B);
    deviceSync(); // values are compared after a final sync
    compareOutputs(P, OA, OB, C);
  }
  O.raw("outputs", json::Object()
                       .boolean("equal", C.Equal)
                       .integer("trials", S.Trials)
                       .num("max_abs_diff", C.MaxAbs)
                       .integer("differed_by_design", C.DifferedByDesign)
                       .str("detail", C.Detail)
                       .done());
  return O.done();
}

void selftest(const std::string &What) {
  if (What == "crash") {
    std::raise(SIGSEGV);
  } else if (What == "hang") {
    for (;;)
      std::this_thread::sleep_for(std::chrono::seconds(1));
  } else if (What == "cuda-error") {
    // An out-of-range index: a device-side assert, a sticky CUDA error that
    // surfaces at the next sync.
    auto X = torch::zeros({4}, cudaOpts());
    auto I = torch::full({1}, 1 << 20, cudaOpts(at::kLong));
    auto Y = X.index_select(0, I);
    deviceSync();
    (void)Y.sum().item<float>();
  }
  std::fprintf(stderr, "torchsync-catalog: unknown selftest %s\n",
               What.c_str());
  std::exit(2);
}

bool writeFile(const std::string &Path, const std::string &Text) {
  if (Path.empty()) {
    std::cout << Text << "\n";
    return true;
  }
  std::string Tmp = Path + ".tmp";
  {
    std::ofstream F(Tmp);
    F << Text << "\n";
    if (!F)
      return false;
  }
  return std::rename(Tmp.c_str(), Path.c_str()) == 0;
}

int usage() {
  std::fprintf(
      stderr,
      "usage: torchsync-catalog --list | --describe | --only CHECK/PAIR "
      "[--json FILE] [--probe-log FILE] [--samples N] [--iters N] "
      "[--warmup N] [--trials N]\n");
  return 2;
}

} // namespace

int main(int Argc, char **Argv) {
  Settings S;
  bool List = false, Describe = false;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Value = [&]() -> std::string {
      if (I + 1 >= Argc) {
        std::fprintf(stderr, "torchsync-catalog: %s needs a value\n",
                     A.c_str());
        std::exit(2);
      }
      return Argv[++I];
    };
    auto Int = [&]() {
      std::string V = Value();
      char *End = nullptr;
      long N = std::strtol(V.c_str(), &End, 10);
      if (*End || N < 1) {
        std::fprintf(stderr, "torchsync-catalog: %s wants a positive integer\n",
                     A.c_str());
        std::exit(2);
      }
      return static_cast<int>(N);
    };
    if (A == "--list")
      List = true;
    else if (A == "--describe")
      Describe = true;
    else if (A == "--only")
      S.Only = Value();
    else if (A == "--json")
      S.JsonPath = Value();
    else if (A == "--probe-log")
      S.ProbeLog = Value();
    else if (A == "--samples")
      S.Samples = Int();
    else if (A == "--iters")
      S.Iters = Int();
    else if (A == "--warmup")
      S.Warmup = Int();
    else if (A == "--trials")
      S.Trials = Int();
    else
      return usage();
  }
  auto &Pairs = registry();
  std::sort(Pairs.begin(), Pairs.end(),
            [](const Pair &A, const Pair &B) { return A.id() < B.id(); });
  if (List) {
    for (auto &P : Pairs)
      std::printf("%s\n", P.id().c_str());
    return 0;
  }
  if (Describe) {
    json::Array A;
    for (auto &P : Pairs)
      A.raw(describe(P));
    std::printf("%s\n", A.done().c_str());
    return 0;
  }
  if (S.Only.empty())
    return usage();
  bool CudaErrorTest = S.Only == "_selftest/cuda-error";
  if (S.Only.rfind("_selftest/", 0) == 0 && !CudaErrorTest)
    selftest(S.Only.substr(10));
  auto It = std::find_if(Pairs.begin(), Pairs.end(),
                         [&](const Pair &P) { return P.id() == S.Only; });
  if (It == Pairs.end() && !CudaErrorTest) {
    std::fprintf(stderr, "torchsync-catalog: no pair %s (see --list)\n",
                 S.Only.c_str());
    return 2;
  }
  probe::Options PO;
  PO.OutPath = S.ProbeLog;
  if (!probe::start(PO)) {
    writeFile(S.JsonPath, json::Object()
                              .str("pair", S.Only)
                              .str("status", "error")
                              .str("message", "the CUPTI probe did not start")
                              .done());
    return 3;
  }
  probe::setEnabled(false);
  std::string Result, Status = "ok", Message;
  try {
    if (CudaErrorTest)
      selftest("cuda-error");
    Result = runPair(*It, S);
  } catch (const c10::Error &E) {
    Message = E.what_without_backtrace();
    Status = "error";
  } catch (const std::exception &E) {
    Message = E.what();
    Status = "error";
  }
  cudaError_t Last = cudaPeekAtLastError();
  if (Status != "ok" &&
      (Message.find("CUDA error") != std::string::npos ||
       Message.find("CUDA_ERROR") != std::string::npos || Last != cudaSuccess))
    Status = "cuda-error";
  unsigned Failures = probe::failures();
  probe::stop();
  if (Status == "ok" && Failures)
    Status = "probe-error";
  if (Status != "ok") {
    Result = json::Object()
                 .str("pair", S.Only)
                 .str("status", Status)
                 .str("message",
                      Message.empty()
                          ? std::to_string(Failures) +
                                " CUDA/CUPTI calls failed (see stderr)"
                          : Message.substr(
                                0, Message.find("\nException raised from")))
                 .done();
  } else {
    Result.insert(Result.size() - 1, ",\"status\":\"ok\"");
  }
  if (!writeFile(S.JsonPath, Result)) {
    std::fprintf(stderr, "torchsync-catalog: cannot write %s\n",
                 S.JsonPath.c_str());
    return 2;
  }
  return Status == "ok" ? 0 : 3;
}
