//===--- nonblocking-race pairs: reading a non_blocking download early ----===//
//
// Purpose: C2 as a correctness bug. The flagged variant reads the result of
// to(kCPU, non_blocking=true) on the host right away: no wait, but the value
// read may be stale. The rewrite records an event and synchronizes it before
// the read: one event wait. Output 0 (the downloaded tensor) is compared
// after a final sync and must be equal; output 1 (the value the host read)
// may differ, and the report counts the trials where it did.
//
//===----------------------------------------------------------------------===//

#include "../../catalog/Catalog.h"

#include <ATen/cuda/CUDAEvent.h>

using namespace torchsync::catalog;

static std::vector<Pair> nonblockingRacePairs() {
  std::vector<Pair> Out;
  Pair P;
  P.Check = "nonblocking-race";
  P.Name = "read-before-sync";
  P.Rows = "C2";
  P.What = "host read of to(kCPU, non_blocking=true) before any sync";
  P.Inputs = [] {
    return std::vector<at::Tensor>{torch::randn({4096, 4096}, cudaOpts())};
  };
  P.Flagged = {
      "auto h = y.to(kCPU, true); float v = h.data_ptr<float>()[0];",
      Expect::NoSync, [](Ctx &C) {
        auto H = torch::mm(C.in(0), C.in(0)).sum(1).to(torch::kCPU, true);
        float V = H.data_ptr<float>()[0]; // the race: no wait before the read
        return Outputs{H, torch::tensor(V)};
      }};
  P.Rewrite = {"auto h = y.to(kCPU, true); ev.record(); ev.synchronize(); "
               "float v = ...;",
               Expect::Sync, [](Ctx &C) {
                 auto H =
                     torch::mm(C.in(0), C.in(0)).sum(1).to(torch::kCPU, true);
                 at::cuda::CUDAEvent Ev;
                 Ev.record();
                 Ev.synchronize();
                 float V = H.data_ptr<float>()[0];
                 return Outputs{H, torch::tensor(V)};
               }};
  P.MayDiffer = {1};
  P.Note = "output 1 is the value the host read; the flagged variant may read "
           "it stale";
  Out.push_back(P);
  return Out;
}

TORCHSYNC_SNIPPETS(nonblockingRacePairs);
