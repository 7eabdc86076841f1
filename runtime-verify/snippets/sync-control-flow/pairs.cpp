//===--- sync-control-flow pairs: branches on GPU values ------------------===//
//
// Purpose: B3: an if on item(), and a TORCH_CHECK on item<bool>() against
// at::_assert_async (G8: a one-thread kernel, no wait).
//
//===----------------------------------------------------------------------===//

#include "../../catalog/Catalog.h"

using namespace torchsync::catalog;

static std::vector<Pair> syncControlFlowPairs() {
  std::vector<Pair> Out;
  auto In = [] {
    return std::vector<at::Tensor>{torch::randn({1 << 20}, cudaOpts())};
  };
  Pair P;
  P.Check = "sync-control-flow";
  P.Name = "if-item";
  P.Rows = "B3";
  P.What = "if (x.sum().item<float>() > 0)";
  P.Inputs = In;
  P.Flagged = {"if (x.sum().item<float>() > 0) y = x * 2; else y = x * 0.5;",
               Expect::Sync, [](Ctx &C) {
                 at::Tensor Y;
                 if (C.in(0).sum().item<float>() > 0)
                   Y = C.in(0) * 2;
                 else
                   Y = C.in(0) * 0.5;
                 return Outputs{Y};
               }};
  P.Rewrite = {"auto y = torch::where(x.sum() > 0, x * 2, x * 0.5);",
               Expect::NoSync, [](Ctx &C) {
                 return Outputs{torch::where(C.in(0).sum() > 0, C.in(0) * 2,
                                             C.in(0) * 0.5)};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "sync-control-flow";
  P.Name = "torch-check";
  P.Rows = "B3, G8";
  P.What = "TORCH_CHECK(x.isfinite().all().item<bool>())";
  P.Inputs = In;
  P.Flagged = {"TORCH_CHECK(x.isfinite().all().item<bool>(), \"non-finite\");",
               Expect::Sync, [](Ctx &C) {
                 TORCH_CHECK(C.in(0).isfinite().all().item<bool>(),
                             "non-finite");
                 return Outputs{C.in(0) * 2};
               }};
  P.Rewrite = {"at::_assert_async(x.isfinite().all());", Expect::NoSync,
               [](Ctx &C) {
                 at::_assert_async(C.in(0).isfinite().all());
                 return Outputs{C.in(0) * 2};
               }};
  P.Note =
      "the rewrite fails with a device-side assert instead of an exception";
  Out.push_back(P);
  return Out;
}

TORCHSYNC_SNIPPETS(syncControlFlowPairs);
