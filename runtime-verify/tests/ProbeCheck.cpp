//===--- ProbeCheck.cpp - GPU test of libtorchsync-probe ------------------===//
//
// Purpose: makes a known list of CUDA calls, each of which the probe must
// record or must ignore, and checks what it recorded. Linked mode (default)
// starts the probe in-process and checks each call's region; --calls-only
// only makes the calls, for runs under CUDA_INJECTION64_PATH or LD_PRELOAD
// whose JSON lines tests/check_probe_log.py checks. No kernels: plain host
// code against the CUDA runtime and driver. With --calls-only the program
// also marks three steps (torchsync::mark_step(), after the stream, device
// and free calls); --mark-first (calls-only build) marks one more before
// its first CUDA call, which the probe sees only when it started before CUDA
// did (LD_PRELOAD).
//
//===----------------------------------------------------------------------===//

#include "../common/CheckStatus.h"
#include "../include/torchsync/step.h"
#ifndef TORCHSYNC_CALLS_ONLY
#include "../probe/Probe.h"
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace torchsync;

namespace {

struct Step {
  const char *Name;
  std::vector<std::string> Expected; // kinds, in order
  std::function<void()> Call;
  bool MarkAfter = false; // a step mark after the call (calls-only runs)
};

} // namespace

int main(int Argc, char **Argv) {
#ifdef TORCHSYNC_CALLS_ONLY
  // Built without the probe: it can only be injected (CUDA_INJECTION64_PATH)
  // or preloaded (LD_PRELOAD).
  const bool Linked = false;
  if (Argc > 1 && std::strcmp(Argv[1], "--mark-first") == 0)
    mark_step(); // before CUDA is initialized
#else
  bool Linked = !(Argc > 1 && std::strcmp(Argv[1], "--calls-only") == 0);
#endif
  const size_t N = 1 << 20;
#ifndef TORCHSYNC_CALLS_ONLY
  if (Linked) {
    probe::Options O;
    O.OutPath = Argc > 1 ? Argv[1] : "";
    if (!probe::start(O)) {
      std::printf("probe-check: FAILED: the probe did not start\n");
      return 1;
    }
    probe::setEnabled(false);
  }
#endif
  float *D = nullptr, *D2 = nullptr, *Pinned = nullptr;
  std::vector<float> Pageable(N, 1.0f);
  cudaStream_t S = nullptr;
  cudaEvent_t E = nullptr;
  bool Ok =
      TS_CUDA_CHECK(
          cudaMalloc(reinterpret_cast<void **>(&D), N * sizeof(float))) &&
      TS_CUDA_CHECK(
          cudaMalloc(reinterpret_cast<void **>(&D2), N * sizeof(float))) &&
      TS_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void **>(&Pinned),
                                   N * sizeof(float))) &&
      TS_CUDA_CHECK(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking)) &&
      TS_CUDA_CHECK(cudaEventCreate(&E));
  if (!Ok)
    return 1;
  const size_t Bytes = N * sizeof(float);
  std::vector<Step> Steps = {
      {"memcpy-sync-h2d",
       {"blocking_memcpy"},
       [&] {
         TS_CUDA_CHECK(
             cudaMemcpy(D, Pageable.data(), Bytes, cudaMemcpyHostToDevice));
       }},
      {"memcpy-async-pinned",
       {},
       [&] {
         TS_CUDA_CHECK(
             cudaMemcpyAsync(D, Pinned, Bytes, cudaMemcpyHostToDevice, S));
       }},
      {"memcpy-async-pageable",
       {"pageable_memcpy"},
       [&] {
         TS_CUDA_CHECK(cudaMemcpyAsync(D2, Pageable.data(), Bytes,
                                       cudaMemcpyHostToDevice, S));
       }},
      {"memcpy-d2d",
       {},
       [&] {
         TS_CUDA_CHECK(
             cudaMemcpyAsync(D2, D, Bytes, cudaMemcpyDeviceToDevice, S));
       }},
      {"stream-sync",
       {"stream_sync"},
       [&] { TS_CUDA_CHECK(cudaStreamSynchronize(S)); },
       true},
      {"event-sync",
       {"event_sync"},
       [&] {
         TS_CUDA_CHECK(cudaEventRecord(E, S));
         TS_CUDA_CHECK(cudaEventSynchronize(E));
       }},
      {"device-sync",
       {"context_sync"},
       [&] { TS_CUDA_CHECK(cudaDeviceSynchronize()); },
       true},
      {"driver-ctx-sync",
       {"context_sync"},
       [&] { TS_CU_CHECK(cuCtxSynchronize()); }},
      {"free", {"free"}, [&] { TS_CUDA_CHECK(cudaFree(D2)); }, true},
  };
  int Failed = 0;
  for (Step &St : Steps) {
    if (!Linked) {
      St.Call();
      if (St.MarkAfter)
        mark_step();
      continue;
    }
#ifndef TORCHSYNC_CALLS_ONLY
    TS_CUDA_CHECK(cudaDeviceSynchronize()); // outside any region
    probe::setEnabled(true);
    uint64_t Captures = probe::stackCaptures();
    probe::beginRegion(St.Name);
    St.Call();
    probe::endRegion();
    Captures = probe::stackCaptures() - Captures;
    probe::setEnabled(false);
    TS_CUDA_CHECK(cudaDeviceSynchronize());
    probe::setEnabled(true);
    std::vector<probe::SyncEvent> Events = probe::collect();
    probe::setEnabled(false);
    std::vector<std::string> Kinds;
    for (auto &Ev : Events)
      Kinds.push_back(probe::apiClassName(Ev.Kind));
    // One backtrace per recorded event, none for the copies that cannot
    // block (pinned and device-to-device async ones), and every event keeps
    // its stack down to this program's own frame.
    bool Match = Kinds == St.Expected && Captures == St.Expected.size();
    for (auto &Ev : Events) {
      bool OwnFrame = false;
      for (auto &F : Ev.Stack)
        OwnFrame |= F.Module.find("torchsync-probe-check") != std::string::npos;
      if (!OwnFrame) {
        std::printf("probe-check: %s: an event without this program's frame "
                    "in its stack\n",
                    St.Name);
        Match = false;
      }
    }
    std::string Got, Want;
    for (auto &K : Kinds)
      Got += (Got.empty() ? "" : ",") + K;
    for (auto &K : St.Expected)
      Want += (Want.empty() ? "" : ",") + K;
    std::printf("probe-check: %-22s %s (got [%s], want [%s]; %llu stacks "
                "captured)\n",
                St.Name, Match ? "ok" : "FAILED", Got.c_str(), Want.c_str(),
                static_cast<unsigned long long>(Captures));
    for (auto &Ev : Events)
      std::printf("  %s\n", probe::toJson(Ev).substr(0, 400).c_str());
    Failed += !Match;
#endif
  }
  TS_CUDA_CHECK(cudaFree(D));
  TS_CUDA_CHECK(cudaFreeHost(Pinned));
  TS_CUDA_CHECK(cudaEventDestroy(E));
  TS_CUDA_CHECK(cudaStreamDestroy(S));
  unsigned StatusFailures = status::failureCount().load();
#ifndef TORCHSYNC_CALLS_ONLY
  if (Linked)
    probe::stop();
#endif
  if (StatusFailures) {
    std::printf("probe-check: FAILED: %u CUDA/CUPTI calls failed\n",
                StatusFailures);
    return 1;
  }
  if (Failed) {
    std::printf("probe-check: FAILED: %d of %zu steps\n", Failed, Steps.size());
    return 1;
  }
  std::printf("probe-check: all %zu steps as expected\n", Steps.size());
  return 0;
}
