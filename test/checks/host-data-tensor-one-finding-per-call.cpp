// RUN: %check_torchsync %s host-data-tensor,torchsync-blocking-transfer %t
// One finding per call: the factory called with CUDA options is reported by
// host-data-tensor; a CPU tensor built from host data and then moved with
// .to(cuda) / .cuda() (from_blob included) by blocking-transfer.
#include <torch/torch.h>

void f(float *host, int steps) {
  for (int step = 0; step < steps; ++step) {
    auto a = torch::tensor({1, 2}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto a = torch::tensor({1, 2}).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    auto b = torch::tensor({1, 2}).to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'to(torch::kCUDA)' waits for the GPU to copy host tensor 'torch::tensor({1, 2})' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto b = torch::tensor({1, 2}).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    auto c = torch::tensor({1.5, 2.5}).cuda();
    // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 'cuda()' waits for the GPU to copy host tensor 'torch::tensor({1.5, 2.5})' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto c = torch::tensor({1.5, 2.5}).pin_memory().to(at::kCUDA, /*non_blocking=*/true);
    auto d = torch::from_blob(host, {4}).to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: 'to(torch::kCUDA)' waits for the GPU to copy host tensor 'torch::from_blob(host, {4})' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // Already on the GPU: the move is a no-op, the factory is the copy.
    auto e = torch::tensor({3, 4}, torch::kCUDA).to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto e = torch::tensor({3, 4}).pin_memory().to(torch::kCUDA, /*non_blocking=*/true).to(torch::kCUDA);
    (void)a; (void)b; (void)c; (void)d; (void)e;
  }
}
