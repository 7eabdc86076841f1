//===--- blocking-transfer pairs: copies between host and device ----------===//
//
// Purpose: C1 (blocking download), C5 (blocking upload, also spelled as an
// assignment into a row: `obs[3] = h`), pageable
// non_blocking upload (which debug mode cannot see) and the C2 look-alike
// (to(kCPU, non_blocking=true) allocates pinned output: no wait).
//
//===----------------------------------------------------------------------===//

#include "../../catalog/Catalog.h"

#include <ATen/cuda/CUDAEvent.h>

using namespace torchsync::catalog;

static std::vector<Pair> blockingTransferPairs() {
  std::vector<Pair> Out;
  auto Gpu = [] {
    return std::vector<at::Tensor>{torch::randn({1024, 1024}, cudaOpts())};
  };
  auto Host = [] {
    return std::vector<at::Tensor>{torch::randn({1 << 22}),
                                   torch::randn({1 << 22}, cudaOpts())};
  };

  Pair P;
  P.Check = "blocking-transfer";
  P.Name = "d2h-cpu";
  P.Rows = "C1";
  P.What = "blocking download after queued work";
  P.Inputs = Gpu;
  P.Flagged = {
      "auto h = torch::mm(x, x).sum(1).cpu();", Expect::Sync,
      [](Ctx &C) { return Outputs{torch::mm(C.in(0), C.in(0)).sum(1).cpu()}; }};
  P.Rewrite = {"auto h = y.to(kCPU, /*non_blocking=*/true); ev.record(); "
               "ev.synchronize();",
               Expect::Sync, [](Ctx &C) {
                 auto H = torch::mm(C.in(0), C.in(0))
                              .sum(1)
                              .to(torch::kCPU, /*non_blocking=*/true);
                 at::cuda::CUDAEvent Ev;
                 Ev.record();
                 Ev.synchronize(); // the host reads h next: the wait moves here
                 return Outputs{H};
               }};
  P.Note = "the rewrite moves the wait to an event synchronize right before "
           "the host read; "
           "it pays off only when the host has work to do in between";
  Out.push_back(P);

  P = Pair();
  P.Check = "blocking-transfer";
  P.Name = "h2d-blocking";
  P.Rows = "C5";
  P.What = "blocking upload from pageable memory";
  P.Inputs = Host;
  P.Flagged = {"x.to(torch::kCUDA)", Expect::Sync, [](Ctx &C) {
                 return Outputs{C.in(0).to(torch::kCUDA) * C.in(1)};
               }};
  P.Rewrite = {"x.pin_memory().to(torch::kCUDA, /*non_blocking=*/true)",
               Expect::NoSync, [](Ctx &C) {
                 return Outputs{C.in(0).pin_memory().to(torch::kCUDA, true) *
                                C.in(1)};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "blocking-transfer";
  P.Name = "h2d-row-assign";
  P.Rows = "C5";
  P.What = "assignment of a host tensor into a row of a CUDA tensor "
           "(Tensor::operator= runs copy_)";
  P.Inputs = [] {
    return std::vector<at::Tensor>{torch::randn({8, 1 << 19}, cudaOpts()),
                                   torch::randn({1 << 19})};
  };
  P.Flagged = {"obs[3] = h;", Expect::Sync, [](Ctx &C) {
                 auto Obs = C.in(0).clone();
                 Obs[3] = C.in(1);
                 return Outputs{Obs};
               }};
  P.Rewrite = {"obs[3].copy_(h.pin_memory(), /*non_blocking=*/true);",
               Expect::NoSync, [](Ctx &C) {
                 auto Obs = C.in(0).clone();
                 Obs[3].copy_(C.in(1).pin_memory(), /*non_blocking=*/true);
                 return Outputs{Obs};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "blocking-transfer";
  P.Name = "h2d-pageable-nonblocking";
  P.Rows = "C5, A9";
  P.What =
      "non_blocking upload from pageable memory (debug mode cannot see it)";
  P.Inputs = Host;
  P.Flagged = {
      "x.to(torch::kCUDA, /*non_blocking=*/true)  // x pageable", Expect::Sync,
      [](Ctx &C) { return Outputs{C.in(0).to(torch::kCUDA, true) * C.in(1)}; }};
  P.Rewrite = {"x.pin_memory().to(torch::kCUDA, /*non_blocking=*/true)",
               Expect::NoSync, [](Ctx &C) {
                 return Outputs{C.in(0).pin_memory().to(torch::kCUDA, true) *
                                C.in(1)};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "blocking-transfer";
  P.Name = "d2h-nonblocking-lookalike";
  P.Rows = "C2 (NO-SYNC)";
  P.What = "to(kCPU, non_blocking=true) writes pinned memory: no wait";
  P.NoSyncCase = true;
  P.Inputs = Gpu;
  P.Flagged = {"y.to(torch::kCPU, /*non_blocking=*/true)", Expect::NoSync,
               [](Ctx &C) {
                 return Outputs{
                     torch::mm(C.in(0), C.in(0)).sum(1).to(torch::kCPU, true)};
               }};
  P.Rewrite = {
      "pinned.copy_(y, /*non_blocking=*/true)", Expect::NoSync, [](Ctx &C) {
        auto Y = torch::mm(C.in(0), C.in(0)).sum(1);
        auto H = torch::empty(
            Y.sizes(), Y.options().device(torch::kCPU).pinned_memory(true));
        H.copy_(Y, /*non_blocking=*/true);
        return Outputs{H};
      }};
  P.Note = "outputs are compared after a final sync";
  Out.push_back(P);
  return Out;
}

TORCHSYNC_SNIPPETS(blockingTransferPairs);
