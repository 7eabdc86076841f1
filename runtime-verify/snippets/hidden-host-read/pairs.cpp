//===--- hidden-host-read pairs: ops that read a value inside -------------===//
//
// Purpose: E8 searchsorted with a sorter (bounds check of the sorter on the
// host) against searching the gathered sorted sequence, and E21 linspace with
// CUDA tensor endpoints (item() of each, LibTorch 2.x only) against the
// arange formula.
//
//===----------------------------------------------------------------------===//

#include "../../catalog/Catalog.h"

using namespace torchsync::catalog;

namespace {
#if TORCH_VERSION_MAJOR >= 2
constexpr auto NoSide = std::nullopt;
#else
constexpr auto NoSide = c10::nullopt;
#endif
} // namespace

static std::vector<Pair> hiddenHostReadPairs() {
  std::vector<Pair> Out;
  Pair P;
  P.Check = "hidden-host-read";
  P.Name = "searchsorted-sorter";
  P.Rows = "E8";
  P.What = "searchsorted(seq, v, ..., sorter) checks the sorter on the host";
  P.Inputs = [] {
    auto Seq = torch::randn({4096}, cudaOpts());
    return std::vector<at::Tensor>{Seq, Seq.argsort(),
                                   torch::randn({1 << 16}, cudaOpts())};
  };
  P.Flagged = {"at::searchsorted(seq, v, false, false, nullopt, sorter)",
               Expect::Sync, [](Ctx &C) {
                 return Outputs{at::searchsorted(C.in(0), C.in(2), false, false,
                                                 NoSide, C.in(1))};
               }};
  P.Rewrite = {"at::searchsorted(seq.gather(-1, sorter), v)", Expect::NoSync,
               [](Ctx &C) {
                 return Outputs{
                     at::searchsorted(C.in(0).gather(-1, C.in(1)), C.in(2))};
               }};
  P.Note = "the rewrite does not bounds-check the sorter";
  Out.push_back(P);

#if TORCH_VERSION_MAJOR >= 2
  P = Pair();
  P.Check = "hidden-host-read";
  P.Name = "linspace-tensor";
  P.Rows = "E21";
  P.What = "at::linspace(start_t, end_t, n) with CUDA 0-dim endpoints";
  P.Inputs = [] {
    return std::vector<at::Tensor>{torch::randn({}, cudaOpts()),
                                   torch::randn({}, cudaOpts()) + 4};
  };
  P.Flagged = {"at::linspace(start, end, 1 << 16)", Expect::Sync, [](Ctx &C) {
                 return Outputs{at::linspace(C.in(0), C.in(1), 1 << 16)};
               }};
  P.Rewrite = {"start + (end - start) * at::arange(n, opts) / (n - 1)",
               Expect::NoSync, [](Ctx &C) {
                 const int64_t N = 1 << 16;
                 return Outputs{C.in(0) + (C.in(1) - C.in(0)) *
                                              at::arange(N, cudaOpts()) /
                                              (N - 1)};
               }};
  P.Note = "rounding differs from the linspace kernel (compared at float32 "
           "tolerance)";
  Out.push_back(P);
#endif
  return Out;
}

TORCHSYNC_SNIPPETS(hiddenHostReadPairs);
