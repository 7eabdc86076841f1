//===--- dynamic-shape pairs: output shapes that depend on values ---------===//
//
// Purpose: D5 bool-mask index, D1 nonzero (nonzero_static on 2.x), D2
// argwhere, D4 masked_select().sum(), D10 the unique family, D11
// repeat_interleave without output_size, D12 bincount, D14 one_hot without
// num_classes, D15 ctc_loss, and the D6 look-alike (index_put_ of a host
// scalar under a mask is masked_fill_). The operator table
// (checks/ops/facts.yaml) cites these pairs as the evidence of its rows.
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

  // D10: the unique family. Their outputs have as many elements as there are
  // distinct values (or runs), counted on the device and read on the host.
  // The rewrites count the same thing on the device: the distinct values of
  // a sorted copy, or the runs of the input, as a 0-dim tensor.
  auto Small = [] {
    return std::vector<at::Tensor>{
        torch::randint(0, 512, {1 << 20}, cudaOpts(at::kLong))};
  };
  auto DistinctCount = [](const at::Tensor &X) {
    auto S = std::get<0>(X.sort());
    return (S.slice(0, 1) != S.slice(0, 0, -1)).sum() + 1;
  };
  auto RunCount = [](const at::Tensor &X) {
    return (X.slice(0, 1) != X.slice(0, 0, -1)).sum() + 1;
  };
  auto CountOf = [](const at::Tensor &U) {
    return torch::tensor(U.size(0), cudaOpts(at::kLong));
  };

  P = Pair();
  P.Check = "dynamic-shape";
  P.Name = "unique";
  P.Rows = "D10";
  P.What = "at::_unique2(x) (torch.unique): one output element per value";
  P.Inputs = Small;
  P.Flagged = {"auto u = std::get<0>(at::_unique2(x));", Expect::Sync,
               [=](Ctx &C) {
                 return Outputs{CountOf(std::get<0>(at::_unique2(C.in(0))))};
               }};
  P.Rewrite = {"count the distinct values of a sorted copy on the device",
               Expect::NoSync,
               [=](Ctx &C) { return Outputs{DistinctCount(C.in(0))}; }};
  Out.push_back(P);

  P = Pair();
  P.Check = "dynamic-shape";
  P.Name = "unique-consecutive";
  P.Rows = "D10";
  P.What = "unique_consecutive(x): one output element per run";
  P.Inputs = Small;
  P.Flagged = {"auto u = std::get<0>(torch::unique_consecutive(x));",
               Expect::Sync, [=](Ctx &C) {
                 return Outputs{
                     CountOf(std::get<0>(torch::unique_consecutive(C.in(0))))};
               }};
  P.Rewrite = {"count the runs on the device", Expect::NoSync,
               [=](Ctx &C) { return Outputs{RunCount(C.in(0))}; }};
  Out.push_back(P);

  P = Pair();
  P.Check = "dynamic-shape";
  P.Name = "unique-dim";
  P.Rows = "D10";
  P.What = "unique_dim(x, 0): thrust's unique returns its count to the host";
  P.Inputs = Small;
  P.Flagged = {"auto u = std::get<0>(torch::unique_dim(x, 0));", Expect::Sync,
               [=](Ctx &C) {
                 return Outputs{
                     CountOf(std::get<0>(torch::unique_dim(C.in(0), 0)))};
               }};
  P.Rewrite = {"count the distinct values of a sorted copy on the device",
               Expect::NoSync,
               [=](Ctx &C) { return Outputs{DistinctCount(C.in(0))}; }};
  Out.push_back(P);

  P = Pair();
  P.Check = "dynamic-shape";
  P.Name = "unique-dim-consecutive";
  P.Rows = "D10";
  P.What = "unique_dim_consecutive(x, 0): one output row per run";
  P.Inputs = Small;
  P.Flagged = {"auto u = std::get<0>(torch::unique_dim_consecutive(x, 0));",
               Expect::Sync, [=](Ctx &C) {
                 return Outputs{CountOf(
                     std::get<0>(torch::unique_dim_consecutive(C.in(0), 0)))};
               }};
  P.Rewrite = {"count the runs on the device", Expect::NoSync,
               [=](Ctx &C) { return Outputs{RunCount(C.in(0))}; }};
  Out.push_back(P);

  P = Pair();
  P.Check = "dynamic-shape";
  P.Name = "argwhere";
  P.Rows = "D2";
  P.What = "argwhere(m): nonzero's indices, one row per true element";
  P.Inputs = In;
  P.Flagged = {
      "auto idx = torch::argwhere(x > 0.3);", Expect::Sync, [](Ctx &C) {
        return Outputs{torch::tensor(torch::argwhere(C.in(0) > 0.3).size(0),
                                     cudaOpts(at::kLong))};
      }};
  P.Rewrite = {"auto n = (x > 0.3).sum();  // the count stays on the device",
               Expect::NoSync,
               [](Ctx &C) { return Outputs{(C.in(0) > 0.3).sum()}; }};
  Out.push_back(P);

  P = Pair();
  P.Check = "dynamic-shape";
  P.Name = "bincount";
  P.Rows = "D12";
  P.What = "bincount(x): as many bins as the largest value, read on the host";
  P.Inputs = Small;
  P.Flagged = {"auto h = x.bincount({}, 512);", Expect::Sync,
               [](Ctx &C) { return Outputs{C.in(0).bincount({}, 512)}; }};
  P.Rewrite = {"zeros({512}).scatter_add_(0, x, ones_like(x))", Expect::NoSync,
               [](Ctx &C) {
                 return Outputs{
                     torch::zeros({512}, cudaOpts(at::kLong))
                         .scatter_add_(0, C.in(0), torch::ones_like(C.in(0)))};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "dynamic-shape";
  P.Name = "one-hot";
  P.Rows = "D14";
  P.What = "one_hot(x) without num_classes reads the largest value";
  P.Inputs = Small;
  P.Flagged = {"auto o = torch::one_hot(x);", Expect::Sync, [](Ctx &C) {
                 return Outputs{torch::one_hot(C.in(0).slice(0, 0, 4096))};
               }};
  P.Rewrite = {"auto o = torch::one_hot(x, 512);", Expect::NoSync, [](Ctx &C) {
                 return Outputs{torch::one_hot(C.in(0).slice(0, 0, 4096), 512)};
               }};
  P.Note = "the inputs hold every value below 512 in their first 4096 "
           "elements with near certainty; where they do not, the widths "
           "differ and the outputs are reported unequal";
  Out.push_back(P);

  P = Pair();
  P.Check = "dynamic-shape";
  P.Name = "ctc-loss";
  P.Rows = "D15";
  P.What = "ctc_loss with tensor lengths: the lengths are read on the host";
  P.Inputs = [] {
    auto LogProbs = torch::randn({50, 16, 20}, cudaOpts()).log_softmax(2);
    auto Targets = torch::randint(1, 20, {16, 30}, cudaOpts(at::kLong));
    auto InLen = torch::full({16}, 50, cudaOpts(at::kLong));
    auto TgLen = torch::randint(10, 30, {16}, cudaOpts(at::kLong));
    return std::vector<at::Tensor>{LogProbs, Targets, InLen, TgLen};
  };
  P.Flagged = {
      "torch::ctc_loss(lp, tg, in_len, tg_len)", Expect::Sync, [](Ctx &C) {
        return Outputs{torch::ctc_loss(C.in(0), C.in(1), C.in(2), C.in(3))};
      }};
  // No form of the native CUDA kernel avoids the wait (D15: it copies the
  // target offsets to the device with a blocking copy even for host
  // lengths); the rewrite keeps the lengths on the host, where they are
  // known when the batch is made, and shows that it still waits.
  P.Rewrite = {"torch::ctc_loss(lp, tg, in_len_vector, tg_len_vector)",
               Expect::Sync, [](Ctx &C) {
                 auto In = C.hoisted("in", [&] { return C.in(2).cpu(); });
                 auto Tg = C.hoisted("tg", [&] { return C.in(3).cpu(); });
                 std::vector<int64_t> InV(In.data_ptr<int64_t>(),
                                          In.data_ptr<int64_t>() + In.numel());
                 std::vector<int64_t> TgV(Tg.data_ptr<int64_t>(),
                                          Tg.data_ptr<int64_t>() + Tg.numel());
                 return Outputs{torch::ctc_loss(C.in(0), C.in(1), InV, TgV)};
               }};
  P.Note = "no sync-free form: the rewrite is expected to wait too";
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
