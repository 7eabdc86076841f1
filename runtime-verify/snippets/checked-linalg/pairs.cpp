//===--- checked-linalg pairs: linalg that checks its info on the host ----===//
//
// Purpose: E1: linalg_cholesky and linalg_solve read their info tensor on the
// host even when nothing fails; the _ex variants do not. D18: linalg_lstsq
// checks its info the same way, and has no _ex variant.
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

  P = Pair();
  P.Check = "checked-linalg";
  P.Name = "lstsq";
  P.Rows = "D18";
  P.What = "linalg_lstsq checks info on the host";
  P.Inputs = [] {
    return std::vector<at::Tensor>{torch::randn({64, 128, 64}, cudaOpts()),
                                   torch::randn({64, 128, 8}, cudaOpts())};
  };
  P.Flagged = {
      "std::get<0>(torch::linalg_lstsq(A, B))", Expect::Sync, [](Ctx &C) {
        return Outputs{std::get<0>(torch::linalg_lstsq(C.in(0), C.in(1)))};
      }};
  P.Rewrite = {"the normal equations with linalg_solve_ex(At A, At B)",
               Expect::Sync, [](Ctx &C) {
                 auto At = C.in(0).transpose(1, 2);
                 return Outputs{std::get<0>(torch::linalg_solve_ex(
                     torch::matmul(At, C.in(0)), torch::matmul(At, C.in(1))))};
               }};
  // Full-rank tall Gaussian matrices: the normal equations square a
  // condition number of about 6; float32 agrees to about 1e-4. There is no
  // linalg_lstsq_ex, and the normal equations are no sync-free form either:
  // on an H200 (2.11) the batched solve after the two matmuls waited in
  // cudaFree and a context synchronize (6 host-blocking calls at 64
  // columns, 2 at 32), so the rewrite is expected to wait too.
  P.Rtol = 1e-3;
  P.Atol = 1e-3;
  P.Note = "no sync-free form: the rewrite is expected to wait too";
  Out.push_back(P);
  return Out;
}

TORCHSYNC_SNIPPETS(checkedLinalgPairs);
