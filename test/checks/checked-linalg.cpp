// RUN: %check_torchsync %s checked-linalg %t -fix-notes
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

// ---- Positives -------------------------------------------------------------

// Ops that check errors themselves and have an _ex variant (E1): the rewrite
// to std::get<0>(..._ex(...)) is on a note (errors are no longer raised).
void factorize(int steps) {
  auto A = torch::randn({4, 4}, kDev);
  auto B = torch::randn({4, 2}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto L = torch::linalg_cholesky(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_cholesky()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_cholesky_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto L = std::get<0>(torch::linalg_cholesky_ex(A));
    auto U = at::linalg_cholesky(A, /*upper=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::linalg_cholesky()' waits for the GPU to read its error status, even when nothing fails; use 'at::linalg_cholesky_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto U = std::get<0>(at::linalg_cholesky_ex(A, /*upper=*/true));
    auto L2 = torch::cholesky(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::cholesky()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_cholesky_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto L2 = std::get<0>(torch::linalg_cholesky_ex(A));
    auto Ai = torch::inverse(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::inverse()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_inv_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto Ai = std::get<0>(torch::linalg_inv_ex(A));
    auto Ai2 = ::torch::linalg_inv(A + 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'torch::linalg_inv()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_inv_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto Ai2 = std::get<0>(::torch::linalg_inv_ex(A + 1));
    auto X = torch::linalg_solve(A, B);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_solve()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_solve_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto X = std::get<0>(torch::linalg_solve_ex(A, B));
    auto Y = torch::linalg_solve(A, B, /*left=*/false) * 2;
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_solve()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_solve_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto Y = std::get<0>(torch::linalg_solve_ex(A, B, /*left=*/false)) * 2;
    // The tuple has one more element: suggested, not rewritten.
    auto [LU, piv] = torch::linalg_lu_factor(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'torch::linalg_lu_factor()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_lu_factor_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    (void)L; (void)U; (void)L2; (void)Ai; (void)Ai2; (void)X; (void)Y;
    (void)LU; (void)piv;
  }
}

// Ops that check errors and have no _ex variant (E1, D18): reported, no fix.
void decompose(int steps) {
  auto A = torch::randn({4, 4}, kDev);
  auto B = torch::randn({4, 2}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto eh = torch::linalg_eigh(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg_eigh()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto ev = torch::linalg_eigvalsh(A, "U");
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg_eigvalsh()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto sv = torch::linalg_svd(A, /*full_matrices=*/false);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg_svd()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto s = torch::linalg_svdvals(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_svdvals()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto usv = at::svd(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'at::svd()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto ls = torch::linalg_lstsq(A, B);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg_lstsq()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    (void)eh; (void)ev; (void)sv; (void)s; (void)usv; (void)ls;
  }
}

// linalg_eig runs on the CPU (E2); matrix_exp reads a norm on the host (E3).
void spectra(int steps) {
  auto A = torch::randn({4, 4}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto e = torch::linalg_eig(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_eig()' waits for the GPU to copy CUDA tensor 'A' to the host and computes on the CPU; use 'linalg_eigh' for a symmetric matrix or move it out of the hot path [torchsync-checked-linalg]
    auto w = at::linalg_eigvals(A * 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::linalg_eigvals()' waits for the GPU to copy CUDA tensor 'A * 2' to the host and computes on the CPU; use 'linalg_eigh' for a symmetric matrix or move it out of the hot path [torchsync-checked-linalg]
    auto E = torch::linalg_matrix_exp(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_matrix_exp()' waits for the GPU to read a norm of CUDA tensor 'A' (to choose its approximation degree); move it out of the hot path [torchsync-checked-linalg]
    auto E2 = torch::matrix_exp(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::matrix_exp()' waits for the GPU to read a norm of CUDA tensor 'A' (to choose its approximation degree); move it out of the hot path [torchsync-checked-linalg]
    (void)e; (void)w; (void)E; (void)E2;
  }
}

// Ops that call a checked op inside (E1, transitive).
void derived(int steps) {
  auto A = torch::randn({4, 4}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto r = torch::linalg_matrix_rank(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_matrix_rank()' computes an SVD or eigendecomposition, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto r2 = torch::linalg_matrix_rank(A, 1e-5);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg_matrix_rank()' computes an SVD or eigendecomposition, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto P = torch::linalg_pinv(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_pinv()' computes an SVD or eigendecomposition, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto P2 = torch::linalg_pinv(A, 1e-6, /*hermitian=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg_pinv()' computes an SVD or eigendecomposition, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto nuc = torch::linalg_norm(A, "nuc");
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'torch::linalg_norm()' computes an SVD, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto spec = torch::linalg_norm(A, 2, at::IntArrayRef{-2, -1});
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'torch::linalg_norm()' computes an SVD, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto spec2 = torch::linalg_norm(A, -2.0, {{0, 1}});
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'torch::linalg_norm()' computes an SVD, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    (void)r; (void)r2; (void)P; (void)P2; (void)nuc; (void)spec; (void)spec2;
  }
}

// *_ex(..., check_errors=true) checks like the plain op: the note flips the
// literal.
void flagged(int steps) {
  auto A = torch::randn({4, 4}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto [Ai, info] = at::linalg_inv_ex(A, /*check_errors=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'at::linalg_inv_ex()' with check_errors=true waits for the GPU to read its error status; pass check_errors=false and check 'info' on the device (at::_assert_async(info.eq(0).all())) [torchsync-checked-linalg]
    // CHECK-FIXES: auto [Ai, info] = at::linalg_inv_ex(A, /*check_errors=*/false);
    auto ch = torch::linalg_cholesky_ex(A, false, true);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg_cholesky_ex()' with check_errors=true waits for the GPU to read its error status; pass check_errors=false and check 'info' on the device (at::_assert_async(info.eq(0).all())) [torchsync-checked-linalg]
    // CHECK-FIXES: auto ch = torch::linalg_cholesky_ex(A, false, false);
    auto lu = torch::linalg_lu_factor_ex(A, true, (true));
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg_lu_factor_ex()' with check_errors=true waits for the GPU to read its error status; pass check_errors=false and check 'info' on the device (at::_assert_async(info.eq(0).all())) [torchsync-checked-linalg]
    // CHECK-FIXES: auto lu = torch::linalg_lu_factor_ex(A, true, (false));
    (void)Ai; (void)info; (void)ch; (void)lu;
  }
}

// The torch::linalg:: wrappers: the rewrite is spelled torch::linalg_*_ex.
void wrappers(int steps) {
  auto A = torch::randn({4, 4}, kDev);
  auto B = torch::randn({4, 2}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto L = torch::linalg::cholesky(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg::cholesky()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_cholesky_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto L = std::get<0>(torch::linalg_cholesky_ex(A));
    auto Ai = torch::linalg::inv(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg::inv()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_inv_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto Ai = std::get<0>(torch::linalg_inv_ex(A));
    auto X = ::torch::linalg::solve(A, B, true);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg::solve()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_solve_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto X = std::get<0>(::torch::linalg_solve_ex(A, B, true));
    auto lu = torch::linalg::lu_factor(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg::lu_factor()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_lu_factor_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    auto eh = torch::linalg::eigh(A, "L");
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg::eigh()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto sv = torch::linalg::svdvals(A, c10::nullopt);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg::svdvals()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto ls = torch::linalg::lstsq(A, B, c10::nullopt, c10::nullopt);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg::lstsq()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto ti = torch::linalg::tensorinv(A, 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg::tensorinv()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto e = torch::linalg::eig(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg::eig()' waits for the GPU to copy CUDA tensor 'A' to the host and computes on the CPU; use 'linalg_eigh' for a symmetric matrix or move it out of the hot path [torchsync-checked-linalg]
    auto E = torch::linalg::matrix_exp(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg::matrix_exp()' waits for the GPU to read a norm of CUDA tensor 'A' (to choose its approximation degree); move it out of the hot path [torchsync-checked-linalg]
    auto r = torch::linalg::matrix_rank(A, 1e-5, false);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg::matrix_rank()' computes an SVD or eigendecomposition, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto P = torch::linalg::pinv(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg::pinv()' computes an SVD or eigendecomposition, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto nuc = torch::linalg::norm(A, "nuc", c10::nullopt, false, c10::nullopt);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'torch::linalg::norm()' computes an SVD, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto Ainv = torch::linalg::matrix_power(A, -2);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'torch::linalg::matrix_power()' computes 'linalg_inv()', whose error check waits for the GPU even when nothing fails; invert with 'at::linalg_inv_ex()' and raise the inverse to the positive power [torchsync-checked-linalg]
    auto se = torch::linalg::solve_ex(A, B, true, /*check_errors=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg::solve_ex()' with check_errors=true waits for the GPU to read its error status; pass check_errors=false and check 'info' on the device (at::_assert_async(info.eq(0).all())) [torchsync-checked-linalg]
    // CHECK-FIXES: auto se = torch::linalg::solve_ex(A, B, true, /*check_errors=*/false);
    (void)L; (void)Ai; (void)X; (void)lu; (void)eh; (void)sv; (void)ls;
    (void)ti; (void)e; (void)E; (void)r; (void)P; (void)nuc; (void)Ainv;
    (void)se;
  }
}

// Unknown device: parameters may be CUDA tensors.
torch::Tensor whiten(const std::vector<torch::Tensor> &batches, torch::Tensor cov) {
  torch::Tensor acc;
  for (const auto &x : batches)
    acc = torch::linalg_solve(cov, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'torch::linalg_solve()' waits for the GPU to read its error status if 'cov' is on CUDA, even when nothing fails; use 'torch::linalg_solve_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
  // CHECK-FIXES: acc = std::get<0>(torch::linalg_solve_ex(cov, x));
  return acc;
}

// One CUDA input is enough: linalg ops need all inputs on one device.
void mixed(torch::Tensor A, int steps) {
  auto B = torch::randn({4, 2}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto X = torch::linalg_solve(A, B);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_solve()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_solve_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto X = std::get<0>(torch::linalg_solve_ex(A, B));
    (void)X;
  }
}

// Called from a loop in this file: the body is hot.
torch::Tensor chol(const torch::Tensor &A) { return torch::linalg_cholesky(A); }
// CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'torch::linalg_cholesky()' waits for the GPU to read its error status if 'A' is on CUDA, even when nothing fails; use 'torch::linalg_cholesky_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
// CHECK-FIXES: torch::Tensor chol(const torch::Tensor &A) { return std::get<0>(torch::linalg_cholesky_ex(A)); }
void caller(torch::Tensor A) {
  for (int i = 0; i < 3; ++i)
    chol(A);
}

// forward of a Module subclass is hot.
struct Whitener : torch::nn::Module {
  torch::Tensor cov;
  torch::Tensor forward(torch::Tensor x) {
    return torch::linalg_solve(cov, x);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'torch::linalg_solve()' waits for the GPU to read its error status if 'cov' is on CUDA, even when nothing fails; use 'torch::linalg_solve_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: return std::get<0>(torch::linalg_solve_ex(cov, x));
  }
};

// Unqualified calls (using namespace torch): the rewrite stays unqualified.
void unqualified(int steps) {
  using namespace torch;
  auto A = torch::randn({4, 4}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto L = linalg_cholesky(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::linalg_cholesky()' waits for the GPU to read its error status, even when nothing fails; use 'at::linalg_cholesky_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto L = std::get<0>(linalg_cholesky_ex(A));
    (void)L;
  }
}

// A reference that extends the temporary's lifetime would dangle with
// std::get<0>(...): reported, no fix.
void extended(int steps) {
  auto A = torch::randn({4, 4}, kDev);
  for (int i = 0; i < steps; ++i) {
    const torch::Tensor &L = torch::linalg_cholesky(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'torch::linalg_cholesky()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_cholesky_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: const torch::Tensor &L = torch::linalg_cholesky(A);
    auto &&Ai = torch::linalg_inv(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'torch::linalg_inv()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_inv_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto &&Ai = torch::linalg_inv(A);
    (void)L; (void)Ai;
  }
}

// ---- Negatives (CPU tensors, metadata, NO-SYNC look-alikes) ----------------

// CPU matrices never sync.
void on_cpu(int steps) {
  auto A = torch::randn({4, 4});
  auto B = torch::randn({4, 2}, torch::kCPU);
  for (int i = 0; i < steps; ++i) {
    auto L = torch::linalg_cholesky(A);
    auto X = torch::linalg_solve(A, B);
    auto e = torch::linalg_eig(A);
    auto eh = torch::linalg::eigh(A, "L");
    auto inv = torch::linalg_inv_ex(A, /*check_errors=*/true);
    (void)L; (void)X; (void)e; (void)eh; (void)inv;
  }
}

// Outside hot paths a single check is not reported.
torch::Tensor setup() {
  auto A = torch::randn({4, 4}, kDev);
  return torch::linalg_cholesky(A) + torch::linalg_inv(A);
}

// The _ex variants without the check, ops without a check, and defaults that
// take the sync-free path.
void sync_free(int steps) {
  auto A = torch::randn({4, 4}, kDev);
  auto B = torch::randn({4, 2}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto [L, info] = torch::linalg_cholesky_ex(A);
    at::_assert_async(info.eq(0).all()); // G8: a device-side check
    auto Ai = std::get<0>(at::linalg_inv_ex(A, /*check_errors=*/false));
    auto X = std::get<0>(torch::linalg_solve_ex(A, B));
    auto lu = torch::linalg_lu_factor_ex(A);
    auto d = torch::linalg::det(A);
    auto sl = torch::linalg::slogdet(A);
    auto qr = torch::linalg::qr(A);
    auto plu = torch::linalg::lu(A);
    auto vn = torch::linalg::vector_norm(A, 2, c10::nullopt, false, c10::nullopt);
    auto fro = torch::linalg_norm(A);
    auto fro2 = torch::linalg_norm(A, "fro");
    auto n2 = torch::linalg_norm(A, 2); // A vector norm for a 1-D input.
    auto n2d = torch::linalg_norm(A, 2, at::IntArrayRef{1});
    auto n1 = torch::linalg_norm(A, 1, at::IntArrayRef{-2, -1});
    auto fro3 = torch::linalg::norm(A, "fro", c10::nullopt, false, c10::nullopt);
    auto pw = torch::linalg::matrix_power(A, 3);
    auto full = A.norm(); // G1: a 0-dim CUDA tensor, no host read.
    (void)L; (void)Ai; (void)X; (void)lu; (void)d; (void)sl; (void)qr;
    (void)plu; (void)vn; (void)fro; (void)fro2; (void)n2; (void)n2d; (void)n1;
    (void)fro3; (void)pw; (void)full;
  }
}

// A user's function of the same name in another namespace.
namespace mylinalg {
torch::Tensor linalg_cholesky(const torch::Tensor &A) { return A; }
torch::Tensor inv(const torch::Tensor &A) { return A; }
} // namespace mylinalg
void own_functions(int steps) {
  auto A = torch::randn({4, 4}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto L = mylinalg::linalg_cholesky(A);
    auto Ai = mylinalg::inv(A);
    (void)L; (void)Ai;
  }
}

// ---- Macros and templates: reported, never fixed ---------------------------

#define CHOL(m) torch::linalg_cholesky(m)
#define CHECKED true

void in_macros(int steps) {
  auto A = torch::randn({4, 4}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto L = CHOL(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::linalg_cholesky()' waits for the GPU to read its error status, even when nothing fails; use 'at::linalg_cholesky_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto L = CHOL(A);
    auto r = torch::linalg_inv_ex(A, CHECKED);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_inv_ex()' with check_errors=true waits for the GPU to read its error status; pass check_errors=false and check 'info' on the device (at::_assert_async(info.eq(0).all())) [torchsync-checked-linalg]
    // CHECK-FIXES: auto r = torch::linalg_inv_ex(A, CHECKED);
    (void)L; (void)r;
  }
}

// A template with one instantiation, in this file: the fix is made for the
// types it is used with (test/checks/host-read-templates.cpp has the rules).
template <typename T>
T invert_all(const std::vector<T> &ms) {
  T acc;
  for (const auto &m : ms)
    acc = torch::linalg_inv(m);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'torch::linalg_inv()' waits for the GPU to read its error status if 'm' is on CUDA, even when nothing fails; use 'torch::linalg_inv_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
  // CHECK-FIXES: acc = std::get<0>(torch::linalg_inv_ex(m));
  return acc;
}
template torch::Tensor invert_all<torch::Tensor>(const std::vector<torch::Tensor> &);
