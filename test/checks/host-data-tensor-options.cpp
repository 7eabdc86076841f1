// RUN: %check_torchsync %s host-data-tensor %t -check-suffix=DEFAULT
// RUN: %check_torchsync %s host-data-tensor %t -check-suffix=OUTSIDE -config="{CheckOptions: {torchsync-host-data-tensor.ReportOutsideLoops: true}}"
// RUN: %check_torchsync %s host-data-tensor %t -check-suffix=HOT -config="{CheckOptions: {HotFunctions: 'Batcher::collate'}}"
// RUN: %check_torchsync %s host-data-tensor %t -check-suffix=IGNORE -config="{CheckOptions: {UnknownDevice: ignore}}"
#include <torch/torch.h>
#include <vector>

struct Batcher {
  torch::Tensor collate(const std::vector<int64_t> &ids, torch::Device dev) {
    return torch::tensor(ids, dev);
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:12: warning: 'torch::tensor()' fills a host tensor from 'ids' and copies it to the GPU when 'dev' names a CUDA device, waiting {{.*}}; consider building it in pinned memory
    // CHECK-MESSAGES-HOT: :[[@LINE-2]]:12: warning: 'torch::tensor()' fills a host tensor from 'ids' and copies it to the GPU when 'dev' names a CUDA device, waiting {{.*}}; consider building it in pinned memory
  }
};

torch::Tensor setup() {
  return torch::tensor({0.1, 0.9}, torch::kCUDA);
  // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:10: warning: 'torch::tensor()' fills a host tensor from a braced list and copies it to the GPU, waiting {{.*}}; consider creating it once outside the hot path, or building it in pinned memory
  // CHECK-FIXES-OUTSIDE: return torch::tensor({0.1, 0.9}).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
}

void loop(torch::TensorOptions opts, int steps) {
  for (int step = 0; step < steps; ++step) {
    auto known = torch::tensor({step, 1}, torch::Device(torch::kCUDA));
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:18: warning: 'torch::tensor()' fills a host tensor from a braced list and copies it to the GPU, waiting
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:18: warning: 'torch::tensor()' fills a host tensor from a braced list and copies it to the GPU, waiting
    // CHECK-MESSAGES-HOT: :[[@LINE-3]]:18: warning: 'torch::tensor()' fills a host tensor from a braced list and copies it to the GPU, waiting
    // CHECK-MESSAGES-IGNORE: :[[@LINE-4]]:18: warning: 'torch::tensor()' fills a host tensor from a braced list and copies it to the GPU, waiting
    // CHECK-FIXES-DEFAULT: auto known = torch::tensor({step, 1}).pin_memory().to(torch::Device(torch::kCUDA), /*non_blocking=*/true);
    // CHECK-FIXES-OUTSIDE: auto known = torch::tensor({step, 1}).pin_memory().to(torch::Device(torch::kCUDA), /*non_blocking=*/true);
    // CHECK-FIXES-HOT: auto known = torch::tensor({step, 1}).pin_memory().to(torch::Device(torch::kCUDA), /*non_blocking=*/true);
    // CHECK-FIXES-IGNORE: auto known = torch::tensor({step, 1}).pin_memory().to(torch::Device(torch::kCUDA), /*non_blocking=*/true);
    auto unknown = torch::tensor({step, 2}, opts);
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:20: warning: 'torch::tensor()' fills a host tensor from a braced list and copies it to the GPU if 'opts' names a CUDA device
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:20: warning: 'torch::tensor()' fills a host tensor from a braced list and copies it to the GPU if 'opts' names a CUDA device
    // CHECK-MESSAGES-HOT: :[[@LINE-3]]:20: warning: 'torch::tensor()' fills a host tensor from a braced list and copies it to the GPU if 'opts' names a CUDA device
    (void)known; (void)unknown;
  }
}
