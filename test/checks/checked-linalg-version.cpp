// RUN: %check_torchsync %s checked-linalg %t -fix-notes
// RUN: %check_torchsync %s checked-linalg %t -fix-notes -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6
// The _ex variants exist in 1.13 and 2.x: the same findings and rewrites.
#include <torch/torch.h>

void step(torch::Tensor A, torch::Tensor B, int steps) {
  for (int i = 0; i < steps; ++i) {
    auto L = torch::linalg_cholesky(A);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_cholesky()' waits for the GPU to read its error status if 'A' is on CUDA, even when nothing fails; use 'torch::linalg_cholesky_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto L = std::get<0>(torch::linalg_cholesky_ex(A));
    auto X = torch::linalg::solve(A, B, true);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg::solve()' waits for the GPU to read its error status if 'A' is on CUDA, even when nothing fails; use 'torch::linalg_solve_ex()', which keeps the status on the device as an 'info' tensor [torchsync-checked-linalg]
    // CHECK-FIXES: auto X = std::get<0>(torch::linalg_solve_ex(A, B, true));
    auto s = torch::linalg_svdvals(A, c10::nullopt);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::linalg_svdvals()' waits for the GPU to read its error status if 'A' is on CUDA, even when nothing fails; batch the matrices into one call or move it out of the hot path (it has no _ex variant) [torchsync-checked-linalg]
    (void)L; (void)X; (void)s;
  }
}
