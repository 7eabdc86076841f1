// RUN: %check_torchsync %s '*' %t -std=c++14
// LibTorch 1.x builds with -std=c++14, and segmentation and deploy programs
// still do: every check runs on C++14 code, and its fix-its are C++14 (the
// runner compiles the fixed file with -std=c++14).
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

float train(torch::Tensor batch, int steps) {
  auto w = torch::randn({64}, kDev);
  float total = 0;
  for (int i = 0; i < steps; ++i) {
    auto x = batch.to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(torch::kCUDA)' copies 'batch' to the GPU and waits for all queued GPU work if 'batch' is a CPU tensor {{.*}} [torchsync-blocking-transfer]
    auto noise = torch::randn({64});
    auto y = noise.to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(torch::kCUDA)' copies host tensor 'noise' to the GPU {{.*}} [torchsync-blocking-transfer]
    // CHECK-FIXES: auto y = noise.pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    auto s = w.index({w > 0}).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' selects from CUDA tensor 'w' by bool mask 'w > 0' {{.*}}; consider 'torch::where(w > 0, w, 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: auto s = torch::where(w > 0, w, 0).sum();
    total += (s + y.sum()).item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'item<float>()' copies the value of CUDA tensor '(s + y.sum())' to the host{{.*}} [torchsync-host-read]
    torch::cuda::synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}} [torchsync-explicit-sync]
    (void)x;
  }
  return total;
}

