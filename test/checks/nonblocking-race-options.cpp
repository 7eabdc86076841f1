// RUN: %check_torchsync %s nonblocking-race %t -check-suffix=DEFAULT
// RUN: %check_torchsync %s nonblocking-race %t -check-suffix=DEFAULT -config="{CheckOptions: {ReportOutsideLoops: false, HotFunctions: 'other'}}"
// RUN: %check_torchsync %s nonblocking-race %t -check-suffix=IGNORE -config="{CheckOptions: {UnknownDevice: ignore}}"
// A correctness check: HotFunctions and ReportOutsideLoops change nothing.
// UnknownDevice: ignore drops the findings that rest on an assumption (a
// source not proven to be on CUDA, a destination not proven pinned).
#include <torch/torch.h>

float proven() {
  auto g = torch::randn({4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, true);
  return h.item<float>();
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:12: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:12: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
}

float unknown_source(torch::Tensor d) {
  auto h = d.to(torch::kCPU, true);
  return h.item<float>();
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:12: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished if 'd' is on CUDA; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
}

float unknown_memory(float *buffer, torch::Tensor d) {
  auto h = torch::from_blob(buffer, {4});
  h.copy_(d, true);
  return h.item<float>();
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:12: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished if 'd' is on CUDA and 'h' is pinned; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
}
