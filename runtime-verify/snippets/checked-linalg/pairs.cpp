//===--- checked-linalg pairs: linalg that checks its info on the host ----===//
//
// Purpose: E1: linalg_cholesky and linalg_solve read their info tensor on the
// host even when nothing fails; the _ex variants do not.
//
//===----------------------------------------------------------------------===//

#include "../../catalog/Catalog.h"

using namespace torchsync::catalog;

static std::vector<Pair> checkedLinalgPairs() {
  std::vector<Pair> Out;
  // A batch of well-conditioned symmetric positive definite matrices.
  auto Spd = [] {
    auto B = torch::randn({64, 64, 64}, cudaOpts());
    auto A =
        torch::matmul(B, B.transpose(1, 2)) + 64 * torch::eye(64, cudaOpts());
    return std::vector<at::Tensor>{A, torch::randn({64, 64, 8}, cudaOpts())};
  };
  Pair P;
  P.Check = "checked-linalg";
  P.Name = "cholesky";
  P.Rows = "E1";
  P.What = "linalg_cholesky checks info on the host";
  P.Inputs = Spd;
  P.Flagged = {"torch::linalg_cholesky(A)", Expect::Sync,
               [](Ctx &C) { return Outputs{torch::linalg_cholesky(C.in(0))}; }};
  P.Rewrite = {
      "std::get<0>(torch::linalg_cholesky_ex(A))", Expect::NoSync, [](Ctx &C) {
        return Outputs{std::get<0>(torch::linalg_cholesky_ex(C.in(0)))};
      }};
  P.Note = "the rewrite no longer raises on a failed factorization";
  Out.push_back(P);

  P = Pair();
  P.Check = "checked-linalg";
  P.Name = "solve";
  P.Rows = "E1";
  P.What = "linalg_solve checks info on the host";
  P.Inputs = Spd;
  P.Flagged = {"torch::linalg_solve(A, b)", Expect::Sync, [](Ctx &C) {
                 return Outputs{torch::linalg_solve(C.in(0), C.in(1))};
               }};
  P.Rewrite = {
      "std::get<0>(torch::linalg_solve_ex(A, b))", Expect::NoSync, [](Ctx &C) {
        return Outputs{std::get<0>(torch::linalg_solve_ex(C.in(0), C.in(1)))};
      }};
  P.Note = "the rewrite no longer raises on a singular matrix";
  Out.push_back(P);
  return Out;
}

TORCHSYNC_SNIPPETS(checkedLinalgPairs);
