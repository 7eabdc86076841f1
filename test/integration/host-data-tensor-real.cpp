// RUN: %check_torchsync_real %s host-data-tensor %t -fix-notes
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s host-data-tensor %t.211 -fix-notes %}
// The real LibTorch 1.13 headers: torch::tensor (variable_factories.h, a
// TensorDataContainer argument) and at::tensor (ATen/ops/tensor.h) must be
// matched as on the mock headers, and the fixed code must compile.
#include <torch/torch.h>
#include <vector>

void step_loop(std::vector<float> &staging, torch::TensorOptions opts,
               float *dev_ptr, int steps) {
  auto cuda = torch::TensorOptions().device(torch::kCUDA);
  for (int step = 0; step < steps; ++step) {
    auto a = torch::tensor({1, 2, 3}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto a = torch::tensor({1, 2, 3}).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    staging.push_back(0.5f * step);
    auto b = torch::tensor(staging, cuda);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy 'staging' to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    auto c = torch::tensor({0.25}, cuda);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full', which fills the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto c = torch::full({1}, 0.25, cuda);
    auto d = torch::tensor({step}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full', which fills the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto d = torch::full({1}, step, torch::kCUDA);
    auto e = torch::tensor({{1.0, 2.0}, {3.0, 4.0}}, opts);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device if 'opts' names CUDA; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    auto f = at::tensor({1, 2}, at::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::tensor()' waits for the GPU to copy a braced list to the device; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    auto g = at::tensor(2.5, at::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::tensor()' waits for the GPU to copy the value '2.5' to the device; use 'at::full' or 'at::scalar_tensor' with the same dtype, which fill the tensor on the device [torchsync-host-data-tensor]
    // NO-SYNC look-alikes (C7, C8, C9) and CPU tensors.
    auto h = torch::tensor(3.14, cuda);
    auto i = at::scalar_tensor(2.0, cuda);
    auto j = torch::full({2}, 1.5, cuda);
    auto k = torch::from_blob(dev_ptr, {4}, cuda);
    auto l = a * torch::tensor(2.0);
    auto m = torch::tensor({1, 2, 3});
    auto n = torch::tensor({}, cuda);
    (void)b; (void)c; (void)d; (void)e; (void)f; (void)g; (void)h; (void)i;
    (void)j; (void)k; (void)l; (void)m; (void)n;
  }
}
