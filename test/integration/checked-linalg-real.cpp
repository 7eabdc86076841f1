// RUN: %check_torchsync_real %s checked-linalg %t -fix-notes
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s checked-linalg %t.211 -fix-notes %}
// The real LibTorch headers (Debian's 1.13, and 2.11 where the tests have
// them): the ops, their _out forms, the at::Tensor methods and the
// torch::linalg wrappers resolve to the declarations the matchers name, and
// the rewrites compile.
#include <torch/torch.h>

void step(int steps) {
  torch::Device dev(torch::kCUDA);
  auto A = torch::randn({4, 4}, dev);
  auto B = torch::randn({4, 2}, dev);
  auto out = torch::empty({4, 4}, dev);
  for (int i = 0; i < steps; ++i) {
    auto L = torch::linalg_cholesky(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_cholesky()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_cholesky_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto L = std::get<0>(torch::linalg_cholesky_ex(A));
    auto U = A.cholesky(/*upper=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'cholesky()' waits for the GPU to read its error status, even when nothing fails; use 'at::linalg_cholesky_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto U = std::get<0>(at::linalg_cholesky_ex(A, /*upper=*/true));
    auto Ai = A.inverse();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'inverse()' waits for the GPU to read its error status, even when nothing fails; use 'at::linalg_inv_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto Ai = std::get<0>(at::linalg_inv_ex(A));
    torch::linalg_inv_out(out, A);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::linalg_inv_out()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_inv_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    auto ldl = torch::linalg_ldl_factor(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'torch::linalg_ldl_factor()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_ldl_factor_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    auto lu = torch::_lu_with_info(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::_lu_with_info()' with check_errors=true waits for the GPU to read its error status; pass check_errors=false and check 'info' on the device (at::_assert_async(info.eq(0).all())) [torchsync-checked-linalg]
    auto usv = A.svd();
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'svd()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto ci = A.cholesky_inverse();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'cholesky_inverse()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto ls = torch::linalg_lstsq(A, B);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg_lstsq()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto e = torch::linalg_eig(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_eig()' waits for the GPU to copy CUDA tensor 'A' to the host and computes on the CPU; use 'linalg_eigh' for a symmetric matrix or move it out of the hot path [torchsync-checked-linalg]
    auto E = A.matrix_exp();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'matrix_exp()' waits for the GPU to read a norm of CUDA tensor 'A' (to choose its approximation degree); move it out of the hot path [torchsync-checked-linalg]
    auto P = A.pinverse();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'pinverse()' computes an SVD or eigendecomposition, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto Am = A.matrix_power(-1);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'matrix_power()' computes 'linalg_inv()', whose error check waits for the GPU even when nothing fails; invert with 'at::linalg_inv_ex()' and raise the inverse to the positive power [torchsync-checked-linalg]
    auto c = torch::linalg_cond(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_cond()' computes an SVD, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto mn = torch::linalg_matrix_norm(A, 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg_matrix_norm()' computes an SVD, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto nn = torch::nuclear_norm(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::nuclear_norm()' computes an SVD, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto ts = torch::linalg_tensorsolve(A, B.sum(1));
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::linalg_tensorsolve()' computes 'linalg_solve()', whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    // Sync-free: the _ex variants, ops without a check, norms without an SVD.
    auto [L3, info] = torch::linalg_cholesky_ex(A);
    at::_assert_async(info.eq(0).all());
    auto lu2 = torch::linalg_lu_factor_ex(A);
    auto c1 = torch::linalg_cond(A, "fro");
    auto mf = torch::linalg_matrix_norm(A);
    auto pw = A.matrix_power(3);
    auto vn = torch::linalg_vector_norm(A);
    (void)L; (void)U; (void)Ai; (void)ldl; (void)lu; (void)usv; (void)ci;
    (void)ls; (void)e; (void)E; (void)P; (void)Am; (void)c; (void)mn;
    (void)nn; (void)ts; (void)L3; (void)lu2; (void)c1; (void)mf; (void)pw;
    (void)vn;
  }
}

// The torch::linalg:: wrappers (torch/linalg.h) of LibTorch 1.x; 2.x has no
// such header and spells them torch::linalg_*, as above.
#if __has_include(<torch/linalg.h>)
void linalg_namespace(int steps) {
  torch::Device dev(torch::kCUDA);
  auto A = torch::randn({4, 4}, dev);
  auto B = torch::randn({4, 2}, dev);
  for (int i = 0; i < steps; ++i) {
    auto L2 = torch::linalg::cholesky(A);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:15: warning: 'torch::linalg::cholesky()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_cholesky_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES-V1: auto L2 = std::get<0>(torch::linalg_cholesky_ex(A));
    auto X = torch::linalg::solve(A, B, /*left=*/true);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:14: warning: 'torch::linalg::solve()' waits for the GPU to read its error status, even when nothing fails; use 'torch::linalg_solve_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES-V1: auto X = std::get<0>(torch::linalg_solve_ex(A, B, /*left=*/true));
    auto ldl2 = torch::linalg::ldl_factor_ex(A, false, true);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:17: warning: 'torch::linalg::ldl_factor_ex()' with check_errors=true waits for the GPU to read its error status; pass check_errors=false and check 'info' on the device (at::_assert_async(info.eq(0).all())) [torchsync-checked-linalg]
    // CHECK-FIXES-V1: auto ldl2 = torch::linalg::ldl_factor_ex(A, false, false);
    auto ti = torch::linalg::tensorinv(A, 1);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:15: warning: 'torch::linalg::tensorinv()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto eh = torch::linalg::eigh(A, "L");
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:15: warning: 'torch::linalg::eigh()' waits for the GPU to read its error status, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    auto mn2 = torch::linalg::matrix_norm(A, "nuc", {-2, -1}, false, c10::nullopt);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:16: warning: 'torch::linalg::matrix_norm()' computes an SVD, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    auto rk = torch::linalg::matrix_rank(A, 1e-5, false);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:15: warning: 'torch::linalg::matrix_rank()' computes an SVD or eigendecomposition, whose error check waits for the GPU even when nothing fails; move it out of the hot path [torchsync-checked-linalg]
    // Sync-free.
    auto d = torch::linalg::det(A);
    (void)L2; (void)X; (void)ldl2; (void)ti; (void)eh; (void)mn2; (void)rk; (void)d;
  }
}
#endif

void on_cpu(int steps) {
  auto A = torch::randn({4, 4});
  for (int i = 0; i < steps; ++i) {
    auto L = torch::linalg_cholesky(A);
    auto Ai = A.inverse();
    (void)L; (void)Ai;
  }
}
