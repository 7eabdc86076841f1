//===--- version-specific pairs: syncs of some LibTorch versions ----------===//
//
// Purpose: E6 normal with a tensor std (a sync in every known version), and
// two syncs that LibTorch 1.x has and 2.x dropped: E14 fill_ with a 0-dim
// tensor and D8 accumulating index_put_. On 2.x these two are look-alikes the
// check must stay silent on, and the pair shows whether the runtime agrees.
//
//===----------------------------------------------------------------------===//

#include "../../catalog/Catalog.h"

using namespace torchsync::catalog;

static std::vector<Pair> versionSpecificPairs() {
  std::vector<Pair> Out;
  const Expect OldOnly = TorchMajor < 2 ? Expect::Sync : Expect::NoSync;
  Pair P;
  P.Check = "version-specific";
  P.Name = "normal-tensor-std";
  P.Rows = "E6";
  P.What = "at::normal(0.0, std_tensor) checks std >= 0 on the host";
  P.Inputs = [] {
    return std::vector<at::Tensor>{torch::rand({1 << 20}, cudaOpts()) + 0.5};
  };
  // Different random streams: compare the standardized samples' mean and
  // standard deviation, not the values.
  auto Stats = [](const at::Tensor &Sample, const at::Tensor &Std) {
    auto Z = Sample / Std;
    return Outputs{Z.mean(), Z.std()};
  };
  P.Flagged = {"at::normal(0.0, std)", Expect::Sync, [Stats](Ctx &C) {
                 return Stats(at::normal(0.0, C.in(0)), C.in(0));
               }};
  P.Rewrite = {"std * at::randn_like(std)", Expect::NoSync, [Stats](Ctx &C) {
                 return Stats(C.in(0) * at::randn_like(C.in(0)), C.in(0));
               }};
  P.Rtol = 0;
  P.Atol = 0.01;
  P.Note =
      "random: compares mean and std of sample/std (atol 0.01), not values";
  Out.push_back(P);

  auto Flat = [] {
    return std::vector<at::Tensor>{torch::randn({1 << 20}, cudaOpts())};
  };
  P = Pair();
  P.Check = "version-specific";
  P.Name = "fill-tensor";
  P.Rows = "E14";
  P.What = "t.fill_(x.max()) with a 0-dim CUDA tensor";
  P.NoSyncCase = TorchMajor >= 2;
  P.Inputs = Flat;
  P.Flagged = {"t.fill_(x.max())", OldOnly, [](Ctx &C) {
                 auto T = C.in(0).clone();
                 T.fill_(C.in(0).max());
                 return Outputs{T};
               }};
  P.Rewrite = {"t.copy_(x.max())", Expect::NoSync, [](Ctx &C) {
                 auto T = C.in(0).clone();
                 T.copy_(C.in(0).max());
                 return Outputs{T};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "version-specific";
  P.Name = "index-put-accumulate";
  P.Rows = "D8";
  P.What = "t.index_put_({idx}, v, /*accumulate=*/true) with CUDA indices";
  P.NoSyncCase = TorchMajor >= 2;
  P.Inputs = [] {
    return std::vector<at::Tensor>{
        torch::randint(0, 1000, {1 << 18}, cudaOpts(at::kLong)),
        torch::randn({1 << 18}, cudaOpts())};
  };
  P.Flagged = {"t.index_put_({idx}, v, /*accumulate=*/true)", OldOnly,
               [](Ctx &C) {
                 auto T = torch::zeros({1000}, cudaOpts());
                 T.index_put_({C.in(0)}, C.in(1), /*accumulate=*/true);
                 return Outputs{T};
               }};
  P.Rewrite = {"t.index_add_(0, idx, v)", Expect::NoSync, [](Ctx &C) {
                 auto T = torch::zeros({1000}, cudaOpts());
                 T.index_add_(0, C.in(0), C.in(1));
                 return Outputs{T};
               }};
  P.Atol = 1e-3;
  P.Rtol = 1e-4;
  P.Note = "sums of ~262 values per bin in a different order: atol 1e-3";
  Out.push_back(P);
  return Out;
}

TORCHSYNC_SNIPPETS(versionSpecificPairs);
