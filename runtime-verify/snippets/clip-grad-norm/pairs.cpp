//===--- clip-grad-norm pairs: the C++ clip_grad_norm_ returns a double ---===//
//
// Purpose: F1: clip_grad_norm_ against the device-side clipping that the
// check's --fix writes (its result unused).
//
//===----------------------------------------------------------------------===//

#include "../../catalog/Catalog.h"

using namespace torchsync::catalog;

namespace {

// c10::nullopt in LibTorch 1.x, std::nullopt in 2.x.
#if TORCH_VERSION_MAJOR >= 2
constexpr auto NoMin = std::nullopt;
#else
constexpr auto NoMin = c10::nullopt;
#endif

/// Parameters whose gradients are fresh copies of the inputs.
std::vector<at::Tensor> paramsWithGrads(Ctx &C, size_t N) {
  std::vector<at::Tensor> Ps;
  for (size_t I = 0; I < N; ++I) {
    auto P = torch::empty_like(C.in(I)).requires_grad_(true);
    P.mutable_grad() = C.in(I).clone();
    Ps.push_back(P);
  }
  return Ps;
}

Outputs gradsOf(const std::vector<at::Tensor> &Ps) {
  Outputs O;
  for (auto &P : Ps)
    O.push_back(P.grad());
  return O;
}

} // namespace

static std::vector<Pair> clipGradNormPairs() {
  std::vector<Pair> Out;
  Pair P;
  P.Check = "clip-grad-norm";
  P.Name = "clip-grad-norm";
  P.Rows = "F1";
  P.What = "clip_grad_norm_(params, 1.0), result unused";
  P.Inputs = [] {
    return std::vector<at::Tensor>{torch::randn({1024, 1024}, cudaOpts()),
                                   torch::randn({1024}, cudaOpts()),
                                   torch::randn({4096, 1024}, cudaOpts()),
                                   torch::randn({4096}, cudaOpts())};
  };
  P.Flagged = {"torch::nn::utils::clip_grad_norm_(params, 1.0);", Expect::Sync,
               [](Ctx &C) {
                 auto Ps = paramsWithGrads(C, 4);
                 torch::nn::utils::clip_grad_norm_(Ps, 1.0);
                 return gradsOf(Ps);
               }};
  P.Rewrite = {"norms; total = at::stack(norms).norm(2.0); coef = clamp(1.0 / "
               "(total + 1e-6), "
               "nullopt, 1.0); g.mul_(coef)",
               Expect::NoSync, [](Ctx &C) {
                 auto Ps = paramsWithGrads(C, 4);
                 [](const std::vector<at::Tensor> &Params, double MaxNorm) {
                   std::vector<at::Tensor> Norms;
                   for (const auto &Q : Params)
                     if (Q.grad().defined())
                       Norms.push_back(Q.grad().data().norm(2.0));
                   if (Norms.empty())
                     return;
                   auto Total = Norms.size() == 1 ? Norms[0]
                                                  : at::stack(Norms).norm(2.0);
                   auto Coef = at::clamp(MaxNorm / (Total + 1e-6), NoMin, 1.0);
                   for (const auto &Q : Params)
                     if (Q.grad().defined())
                       Q.grad().data().mul_(Coef);
                 }(Ps, 1.0);
                 return gradsOf(Ps);
               }};
  Out.push_back(P);
  return Out;
}

TORCHSYNC_SNIPPETS(clipGradNormPairs);
