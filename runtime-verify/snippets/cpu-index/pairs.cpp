//===--- cpu-index pairs: operands that force a host-to-device copy -------===//
//
// Purpose: D9 a CPU index tensor on a CUDA tensor, E17 a single-element
// index_put_ of a scalar on a 1-D tensor, E13 masked_fill_ with a CUDA 0-dim
// value, E15 where() with a CPU 0-dim operand, and the look-alike: a CUDA
// index tensor (no copy, no wait).
//
//===----------------------------------------------------------------------===//

#include "../../catalog/Catalog.h"

using namespace torchsync::catalog;

static std::vector<Pair> cpuIndexPairs() {
  std::vector<Pair> Out;
  auto Rows = [] {
    return std::vector<at::Tensor>{
        torch::randn({1 << 16, 64}, cudaOpts()),
        torch::randint(0, 1 << 16, {4096}, at::kLong)};
  };
  Pair P;
  P.Check = "cpu-index";
  P.Name = "cpu-index-tensor";
  P.Rows = "D9";
  P.What = "x.index({cpu_idx}) copies the index to the device, blocking";
  P.Inputs = Rows;
  P.Flagged = {"x.index({cpu_idx})", Expect::Sync,
               [](Ctx &C) { return Outputs{C.in(0).index({C.in(1)})}; }};
  P.Rewrite = {
      "idx = cpu_idx.pin_memory().to(dev, true) hoisted; x.index({idx})",
      Expect::NoSync, [](Ctx &C) {
        auto Idx = C.hoisted(
            "idx", [&] { return C.in(1).pin_memory().to(torch::kCUDA, true); });
        return Outputs{C.in(0).index({Idx})};
      }};
  Out.push_back(P);

  auto Flat = [] {
    return std::vector<at::Tensor>{torch::randn({1 << 20}, cudaOpts())};
  };
  P = Pair();
  P.Check = "cpu-index";
  P.Name = "index-put-scalar";
  P.Rows = "E17";
  P.What = "t.index_put_({i}, 1.5) on a 1-D tensor";
  P.Inputs = Flat;
  P.Flagged = {"t.index_put_({12345}, 1.5)", Expect::Sync, [](Ctx &C) {
                 auto T = C.in(0).clone();
                 T.index_put_({12345}, 1.5);
                 return Outputs{T};
               }};
  P.Rewrite = {"t.select(0, 12345).fill_(1.5)", Expect::NoSync, [](Ctx &C) {
                 auto T = C.in(0).clone();
                 T.select(0, 12345).fill_(1.5);
                 return Outputs{T};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "cpu-index";
  P.Name = "masked-fill-tensor";
  P.Rows = "E13";
  P.What = "t.masked_fill_(m, v) with a 0-dim CUDA value";
  P.Inputs = Flat;
  P.Flagged = {"t.masked_fill_(m, x.max())", Expect::Sync, [](Ctx &C) {
                 auto T = C.in(0).clone();
                 T.masked_fill_(T > 0.3, C.in(0).max());
                 return Outputs{T};
               }};
  P.Rewrite = {"t.copy_(torch::where(m, v, t))", Expect::NoSync, [](Ctx &C) {
                 auto T = C.in(0).clone();
                 T.copy_(torch::where(T > 0.3, C.in(0).max(), T));
                 return Outputs{T};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "cpu-index";
  P.Name = "where-cpu-operand";
  P.Rows = "E15";
  P.What = "torch::where(m, x, cpu_0dim) copies the operand, blocking";
  P.Inputs = Flat;
  P.Flagged = {"torch::where(m, x, torch::scalar_tensor(0.25))", Expect::Sync,
               [](Ctx &C) {
                 return Outputs{torch::where(C.in(0) > 0.3, C.in(0),
                                             torch::scalar_tensor(0.25))};
               }};
  P.Rewrite = {"torch::where(m, x, 0.25)", Expect::NoSync, [](Ctx &C) {
                 return Outputs{torch::where(C.in(0) > 0.3, C.in(0), 0.25)};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "cpu-index";
  P.Name = "cuda-index-lookalike";
  P.Rows = "D8 (NO-SYNC on 2.x)";
  P.What = "x.index({cuda_idx}): the index is on the device already";
  P.NoSyncCase = true;
  P.Inputs = [] {
    return std::vector<at::Tensor>{
        torch::randn({1 << 16, 64}, cudaOpts()),
        torch::randint(0, 1 << 16, {4096}, cudaOpts(at::kLong))};
  };
  P.Flagged = {"x.index({cuda_idx})", Expect::NoSync,
               [](Ctx &C) { return Outputs{C.in(0).index({C.in(1)})}; }};
  P.Rewrite = {"x.index_select(0, cuda_idx)", Expect::NoSync, [](Ctx &C) {
                 return Outputs{C.in(0).index_select(0, C.in(1))};
               }};
  Out.push_back(P);
  return Out;
}

TORCHSYNC_SNIPPETS(cpuIndexPairs);
