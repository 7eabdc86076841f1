// RUN: %check_torchsync %s host-data-tensor %t -check-suffix=DEFAULT
// RUN: %check_torchsync %s host-data-tensor %t -check-suffix=OUTSIDE -config="{CheckOptions: {torchsync-host-data-tensor.ReportOutsideLoops: true}}"
// RUN: %check_torchsync %s host-data-tensor %t -check-suffix=HOT -config="{CheckOptions: {HotFunctions: 'Batcher::collate'}}"
// RUN: %check_torchsync %s host-data-tensor %t -check-suffix=IGNORE -config="{CheckOptions: {UnknownDevice: ignore}}"
#include <torch/torch.h>
#include <vector>

struct Batcher {
  torch::Tensor collate(const std::vector<int64_t> &ids, torch::Device dev) {
    return torch::tensor(ids, dev);
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:12: warning: 'torch::tensor()' waits for the GPU to copy 'ids' to the device if 'dev' names CUDA; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-MESSAGES-HOT: :[[@LINE-2]]:12: warning: 'torch::tensor()' waits for the GPU to copy 'ids' to the device if 'dev' names CUDA; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
  }
};

torch::Tensor setup() {
  return torch::tensor({0.1, 0.9}, torch::kCUDA);
  // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:10: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; create it once outside the hot path, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
  // CHECK-FIXES-OUTSIDE: return torch::tensor({0.1, 0.9}).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
}

void loop(torch::TensorOptions opts, int steps) {
  for (int step = 0; step < steps; ++step) {
    auto known = torch::tensor({step, 1}, torch::Device(torch::kCUDA));
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:18: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:18: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-MESSAGES-HOT: :[[@LINE-3]]:18: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-MESSAGES-IGNORE: :[[@LINE-4]]:18: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES-DEFAULT: auto known = torch::tensor({step, 1}).pin_memory().to(torch::Device(torch::kCUDA), /*non_blocking=*/true);
    // CHECK-FIXES-OUTSIDE: auto known = torch::tensor({step, 1}).pin_memory().to(torch::Device(torch::kCUDA), /*non_blocking=*/true);
    // CHECK-FIXES-HOT: auto known = torch::tensor({step, 1}).pin_memory().to(torch::Device(torch::kCUDA), /*non_blocking=*/true);
    // CHECK-FIXES-IGNORE: auto known = torch::tensor({step, 1}).pin_memory().to(torch::Device(torch::kCUDA), /*non_blocking=*/true);
    auto unknown = torch::tensor({step, 2}, opts);
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:20: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device if 'opts' names CUDA; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:20: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device if 'opts' names CUDA; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-MESSAGES-HOT: :[[@LINE-3]]:20: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device if 'opts' names CUDA; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    (void)known; (void)unknown;
  }
}
