//===--- host-read pairs: reading CUDA values on the host -----------------===//
//
// Purpose: B1 item(), B3 is_nonzero(), B4 equal(), B5 allclose(), B8 a 0-dim
// tensor index, and the G1
// look-alike (a reduction without dim returns a 0-dim CUDA tensor: no wait).
//
//===----------------------------------------------------------------------===//

#include "../../catalog/Catalog.h"

using namespace torchsync::catalog;

static std::vector<Pair> hostReadPairs() {
  std::vector<Pair> Out;
  Pair P;
  P.Check = "host-read";
  P.Name = "item";
  P.Rows = "B1";
  P.What = "loss.item() every step";
  P.Inputs = [] {
    return std::vector<at::Tensor>{torch::randn({4096, 1024}, cudaOpts()),
                                   torch::randn({1024, 1024}, cudaOpts())};
  };
  P.Flagged = {"double v = loss.item<double>();", Expect::Sync, [](Ctx &C) {
                 auto Loss = torch::mm(C.in(0), C.in(1)).pow(2).mean();
                 double V = Loss.item<double>();
                 return Outputs{torch::tensor(V, torch::kDouble)};
               }};
  P.Rewrite = {"auto v = loss.to(torch::kDouble);  // stays on the device",
               Expect::NoSync, [](Ctx &C) {
                 auto Loss = torch::mm(C.in(0), C.in(1)).pow(2).mean();
                 return Outputs{Loss.to(torch::kDouble)};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "host-read";
  P.Name = "allclose";
  P.Rows = "B5";
  P.What = "allclose() returns a bool on the host";
  P.Inputs = [] {
    auto A = torch::randn({1 << 20}, cudaOpts());
    return std::vector<at::Tensor>{
        A, A + 1e-9 * torch::randn({1 << 20}, cudaOpts())};
  };
  P.Flagged = {"bool same = a.allclose(b);", Expect::Sync, [](Ctx &C) {
                 bool Same = C.in(0).allclose(C.in(1));
                 return Outputs{torch::tensor(Same)};
               }};
  P.Rewrite = {
      "auto same = at::isclose(a, b).all();", Expect::NoSync,
      [](Ctx &C) { return Outputs{at::isclose(C.in(0), C.in(1)).all()}; }};
  Out.push_back(P);

  P = Pair();
  P.Check = "host-read";
  P.Name = "equal";
  P.Rows = "B4";
  P.What = "equal() returns a bool on the host";
  P.Inputs = [] {
    auto A = torch::randn({1 << 20}, cudaOpts());
    return std::vector<at::Tensor>{A, A.clone()};
  };
  P.Flagged = {"bool same = a.equal(b);", Expect::Sync, [](Ctx &C) {
                 return Outputs{torch::tensor(C.in(0).equal(C.in(1)))};
               }};
  P.Rewrite = {"auto same = (a == b).all();  // shapes known equal",
               Expect::NoSync,
               [](Ctx &C) { return Outputs{(C.in(0) == C.in(1)).all()}; }};
  Out.push_back(P);

  P = Pair();
  P.Check = "host-read";
  P.Name = "is-nonzero";
  P.Rows = "B3";
  P.What = "is_nonzero() reads a one-element tensor on the host";
  P.Inputs = [] {
    return std::vector<at::Tensor>{torch::randn({1 << 20}, cudaOpts())};
  };
  P.Flagged = {
      "bool any = (x > 3).any().is_nonzero();", Expect::Sync, [](Ctx &C) {
        return Outputs{torch::tensor((C.in(0) > 3).any().is_nonzero())};
      }};
  P.Rewrite = {"auto any = (x > 3).any();  // stays on the device",
               Expect::NoSync,
               [](Ctx &C) { return Outputs{(C.in(0) > 3).any()}; }};
  Out.push_back(P);

  P = Pair();
  P.Check = "host-read";
  P.Name = "zero-dim-index";
  P.Rows = "B8";
  P.What = "t.index({i0}) with a 0-dim CUDA index";
  P.Inputs = [] {
    return std::vector<at::Tensor>{
        torch::randn({4096, 256}, cudaOpts()),
        torch::randint(0, 4096, {}, cudaOpts(at::kLong))};
  };
  P.Flagged = {"t.index({i0})", Expect::Sync,
               [](Ctx &C) { return Outputs{C.in(0).index({C.in(1)}) * 2}; }};
  P.Rewrite = {"t.index_select(0, i0.reshape({1})).squeeze(0)", Expect::NoSync,
               [](Ctx &C) {
                 return Outputs{
                     C.in(0).index_select(0, C.in(1).reshape({1})).squeeze(0) *
                     2};
               }};
  Out.push_back(P);

  P = Pair();
  P.Check = "host-read";
  P.Name = "reduction-lookalike";
  P.Rows = "G1 (NO-SYNC)";
  P.What = "x.max() without dim returns a 0-dim CUDA tensor";
  P.NoSyncCase = true;
  P.Inputs = [] {
    return std::vector<at::Tensor>{torch::randn({1 << 20}, cudaOpts())};
  };
  P.Flagged = {"auto m = x.max();", Expect::NoSync,
               [](Ctx &C) { return Outputs{C.in(0).max(), C.in(0).sum()}; }};
  P.Rewrite = {"std::get<0>(x.flatten().max(0))", Expect::NoSync, [](Ctx &C) {
                 return Outputs{std::get<0>(C.in(0).flatten().max(0)),
                                C.in(0).sum()};
               }};
  Out.push_back(P);
  return Out;
}

TORCHSYNC_SNIPPETS(hostReadPairs);
