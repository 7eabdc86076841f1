//===--- host-data-tensor pairs: tensors built from host data -------------===//
//
// Purpose: C6 (a braced list with CUDA options is built on the CPU and copied
// with a blocking upload), its two --fix forms, and the C7 look-alike (a
// single scalar goes through scalar_tensor + fill_: no wait).
//
//===----------------------------------------------------------------------===//

#include "../../catalog/Catalog.h"

using namespace torchsync::catalog;

static std::vector<Pair> hostDataTensorPairs() {
  std::vector<Pair> Out;
  auto In = [] {
    return std::vector<at::Tensor>{torch::randn({1 << 16, 3}, cudaOpts())};
  };
  Pair P;
  P.Check = "host-data-tensor";
  P.Name = "init-list";
  P.Rows = "C6";
  P.What = "torch::tensor({...}, cuda) in a loop";
  P.Inputs = In;
  P.Flagged = {"torch::tensor({0.5f, -1.0f, 2.0f}, cuda)", Expect::Sync,
               [](Ctx &C) {
                 auto W = torch::tensor({0.5f, -1.0f, 2.0f}, cudaOpts());
                 return Outputs{C.in(0) * W};
               }};
  P.Rewrite = {"torch::tensor({0.5f, -1.0f, 2.0f}).pin_memory().to(cuda, "
               "/*non_blocking=*/true)",
               Expect::NoSync, [](Ctx &C) {
                 auto W = torch::tensor({0.5f, -1.0f, 2.0f})
                              .pin_memory()
                              .to(torch::kCUDA, true);
                 return Outputs{C.in(0) * W};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "host-data-tensor";
  P.Name = "one-value-list";
  P.Rows = "C6";
  P.What = "torch::tensor({v}, cuda): a list of one value";
  P.Inputs = In;
  P.Flagged = {"torch::tensor({3.5f}, cuda)", Expect::Sync, [](Ctx &C) {
                 return Outputs{C.in(0) * torch::tensor({3.5f}, cudaOpts())};
               }};
  P.Rewrite = {"torch::full({1}, 3.5f, cuda)", Expect::NoSync, [](Ctx &C) {
                 return Outputs{C.in(0) * torch::full({1}, 3.5f, cudaOpts())};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "host-data-tensor";
  P.Name = "scalar-lookalike";
  P.Rows = "C7 (NO-SYNC)";
  P.What = "torch::tensor(v, cuda) of one scalar";
  P.NoSyncCase = true;
  P.Inputs = In;
  P.Flagged = {"torch::tensor(3.5f, cuda)", Expect::NoSync, [](Ctx &C) {
                 return Outputs{C.in(0) * torch::tensor(3.5f, cudaOpts())};
               }};
  P.Rewrite = {"at::scalar_tensor(3.5, cuda)", Expect::NoSync, [](Ctx &C) {
                 return Outputs{C.in(0) * at::scalar_tensor(3.5, cudaOpts())};
               }};
  Out.push_back(P);
  return Out;
}

TORCHSYNC_SNIPPETS(hostDataTensorPairs);
