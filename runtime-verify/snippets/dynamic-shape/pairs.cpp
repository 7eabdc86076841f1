//===--- dynamic-shape pairs: output shapes that depend on values ---------===//
//
// Purpose: D5 bool-mask index, D1 nonzero (nonzero_static on 2.x), D4
// masked_select().sum(), D11 repeat_interleave without output_size, and the
// D6 look-alike (index_put_ of a host scalar under a mask is masked_fill_).
//
//===----------------------------------------------------------------------===//

#include "../../catalog/Catalog.h"

using namespace torchsync::catalog;

static std::vector<Pair> dynamicShapePairs() {
  std::vector<Pair> Out;
  auto In = [] {
    return std::vector<at::Tensor>{torch::randn({1 << 20}, cudaOpts())};
  };
  Pair P;
  P.Check = "dynamic-shape";
  P.Name = "bool-mask-index";
  P.Rows = "D5";
  P.What = "x.index({mask}).sum()";
  P.Inputs = In;
  P.Flagged = {"x.index({x > 0.3}).sum()", Expect::Sync, [](Ctx &C) {
                 auto M = C.in(0) > 0.3;
                 return Outputs{C.in(0).index({M}).sum()};
               }};
  P.Rewrite = {"torch::where(m, x, 0.0).sum()", Expect::NoSync, [](Ctx &C) {
                 auto M = C.in(0) > 0.3;
                 return Outputs{torch::where(M, C.in(0), 0.0).sum()};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "dynamic-shape";
  P.Name = "nonzero";
  P.Rows = "D1";
  P.What = "m.nonzero() to gather the selected values";
  P.Inputs = In;
  P.Flagged = {"x.index_select(0, m.nonzero().squeeze(1)).sum()", Expect::Sync,
               [](Ctx &C) {
                 auto M = C.in(0) > 0.3;
                 return Outputs{
                     C.in(0).index_select(0, M.nonzero().squeeze(1)).sum()};
               }};
#if TORCH_VERSION_MAJOR >= 2
  P.Rewrite = {"m.nonzero_static(n, -1) + masked gather", Expect::NoSync,
               [](Ctx &C) {
                 auto M = C.in(0) > 0.3;
                 auto Idx = M.nonzero_static(C.in(0).numel(), -1).squeeze(1);
                 auto Vals = C.in(0).index_select(0, Idx.clamp_min(0));
                 return Outputs{torch::where(Idx >= 0, Vals, 0.0).sum()};
               }};
#else
  P.Rewrite = {"torch::where(m, x, 0.0).sum()  // no nonzero_static before 2.x",
               Expect::NoSync, [](Ctx &C) {
                 auto M = C.in(0) > 0.3;
                 return Outputs{torch::where(M, C.in(0), 0.0).sum()};
               }};
#endif
  Out.push_back(P);

  P = Pair();
  P.Check = "dynamic-shape";
  P.Name = "masked-select-sum";
  P.Rows = "D4";
  P.What = "masked_select(m).sum()";
  P.Inputs = In;
  P.Flagged = {"x.masked_select(m).sum()", Expect::Sync, [](Ctx &C) {
                 return Outputs{C.in(0).masked_select(C.in(0) > 0.3).sum()};
               }};
  P.Rewrite = {"x.masked_fill(~m, 0).sum()", Expect::NoSync, [](Ctx &C) {
                 return Outputs{C.in(0).masked_fill(~(C.in(0) > 0.3), 0).sum()};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "dynamic-shape";
  P.Name = "repeat-interleave";
  P.Rows = "D11";
  P.What = "repeat_interleave(x, repeats) without output_size";
  // Shuffled repeats from a fixed multiset: the total (6144) is known on the
  // host, as output_size requires.
  P.Inputs = [] {
    auto Reps =
        (torch::arange(4096, cudaOpts(at::kLong)) % 4)
            .index_select(0, torch::randperm(4096, cudaOpts(at::kLong)));
    return std::vector<at::Tensor>{torch::randn({4096}, cudaOpts()), Reps};
  };
  P.Flagged = {"torch::repeat_interleave(x, reps)", Expect::Sync, [](Ctx &C) {
                 return Outputs{torch::repeat_interleave(C.in(0), C.in(1))};
               }};
  P.Rewrite = {"torch::repeat_interleave(x, reps, 0, /*output_size=*/6144)",
               Expect::NoSync, [](Ctx &C) {
                 return Outputs{
                     torch::repeat_interleave(C.in(0), C.in(1), 0, 6144)};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "dynamic-shape";
  P.Name = "mask-put-scalar-lookalike";
  P.Rows = "D6 (NO-SYNC)";
  P.What = "t.index_put_({mask}, 0.0) becomes masked_fill_ with a host scalar";
  P.NoSyncCase = true;
  P.Inputs = In;
  P.Flagged = {"t.index_put_({m}, 0.0)", Expect::NoSync, [](Ctx &C) {
                 auto T = C.in(0).clone();
                 T.index_put_({T > 0.3}, 0.0);
                 return Outputs{T};
               }};
  P.Rewrite = {"t.masked_fill_(m, 0.0)", Expect::NoSync, [](Ctx &C) {
                 auto T = C.in(0).clone();
                 T.masked_fill_(T > 0.3, 0.0);
                 return Outputs{T};
               }};
  Out.push_back(P);
  return Out;
}

TORCHSYNC_SNIPPETS(dynamicShapePairs);
