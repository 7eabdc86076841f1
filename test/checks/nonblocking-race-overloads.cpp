// RUN: %check_torchsync %s nonblocking-race %t
// nonblocking-race and blocking-transfer read the destination of to(...)
// from the same overload (utils/Transfers): the seven-argument overload
// to(dtype, layout, device, pin_memory, non_blocking, copy, memory_format)
// moves to its `device` argument, whatever comes first.
#include <torch/torch.h>

float seven_argument_overload() {
  auto d = torch::randn({4}, torch::kCUDA);
  auto h = d.to(torch::kHalf, c10::nullopt, torch::Device(torch::kCPU),
                c10::nullopt, /*non_blocking=*/true, /*copy=*/false,
                c10::nullopt);
  return h.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'h.sum()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
}

// Negative: to(dtype) on the GPU moves nothing to the host.
float dtype_only() {
  auto d = torch::randn({4}, torch::kCUDA);
  auto g = d.to(torch::kHalf, c10::nullopt, c10::nullopt, c10::nullopt,
                /*non_blocking=*/true, false, c10::nullopt);
  return 0.0f;
}
