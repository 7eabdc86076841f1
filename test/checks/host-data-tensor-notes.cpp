// RUN: %check_torchsync %s host-data-tensor %t -fix-notes
// The notes: why a place is hot, and the 0-dim rewrite, viewed with the
// original shape [1] so that sizes, broadcasting and type promotion stay as
// they were (applied only with --fix-notes: the result is a view).
#include <torch/torch.h>

torch::Tensor offsets(int64_t n) {
  return torch::tensor({n, 2 * n}, torch::kCUDA);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: FIX-IT applied suggested code changes
  // CHECK-NOTES: :[[@LINE-3]]:10: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+7]]:5: note: 'offsets' is called on a hot path here
  // CHECK-FIXES: return torch::tensor({n, 2 * n}).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
}

void train(int steps) {
  auto cuda = torch::TensorOptions().device(torch::kCUDA);
  for (int step = 0; step < steps; ++step) {
    offsets(step);
    auto mask = torch::tensor({uint8_t(step & 1)}, cuda);
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full' with the same dtype, or 'torch::tensor(v, opts)' for a 0-dim tensor, which fill the tensor on the device [torchsync-host-data-tensor]
    // CHECK-NOTES: :[[@LINE-2]]:31: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-3]]:57: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-4]]:17: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-5]]:17: note: build a 0-dim tensor, filled on the device, and view it with the shape [1]; the result is then a view: with requires_grad in the options it is no longer a leaf, so its grad() stays undefined
    // CHECK-FIXES: auto mask = torch::tensor(uint8_t(step & 1), cuda).reshape({1});
    auto scale = torch::tensor({0.5}, cuda);
    // CHECK-NOTES: :[[@LINE-1]]:18: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full', which fills the tensor on the device [torchsync-host-data-tensor]
    // CHECK-NOTES: :[[@LINE-2]]:25: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-3]]:32: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-4]]:18: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-FIXES: auto scale = torch::full({1}, 0.5, cuda);
    (void)mask; (void)scale;
  }
}
