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
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(torch::kCUDA)' waits for the GPU to copy 'batch' to the device if it is on the CPU; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto x = (batch.is_cpu() && !batch.is_pinned() ? batch.pin_memory() : batch).to(torch::kCUDA, /*non_blocking=*/batch.is_cpu() && !batch.is_pinned());
    auto noise = torch::randn({64});
    auto y = noise.to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(torch::kCUDA)' waits for the GPU to copy host tensor 'noise' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto y = noise.pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    auto s = w.index({w > 0}).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'w' selected by bool mask 'w > 0'; use 'torch::where(w > 0, w, 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: auto s = torch::where(w > 0, w, 0).sum();
    total += (s + y.sum()).item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'item<float>()' waits for the GPU to read CUDA tensor '(s + y.sum())'; add it up on the device and read the sum once after the loop [torchsync-host-read]
    torch::cuda::synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::cuda::synchronize()' waits for all work on the GPU; order streams with CUDAEvent::record() and block(), and time with CUDAEvent::elapsed_time after one final sync [torchsync-explicit-sync]
    (void)x;
  }
  return total;
}

