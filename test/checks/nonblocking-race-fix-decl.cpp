// RUN: %check_torchsync %s nonblocking-race %t -check-suffix=NONE -fix-notes
// RUN: %check_torchsync %s nonblocking-race %t -check-suffix=C10 -fix-notes -- -DWITH_C10_CUDA
// The fix inserts a wait only where one is declared: torch::cuda::synchronize
// (torch/cuda.h, which torch/torch.h includes), else
// c10::cuda::device_synchronize (c10/cuda/CUDAFunctions.h), else no fix.
#include <ATen/ATen.h>
#ifdef WITH_C10_CUDA
#include <c10/cuda/CUDAFunctions.h>
#endif

float read_back() {
  auto g = at::randn({4}, at::kCUDA);
  auto h = g.to(at::kCPU, /*non_blocking=*/true);
  return h.item<float>();
  // CHECK-MESSAGES-NONE: :[[@LINE-1]]:12: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-MESSAGES-C10: :[[@LINE-2]]:12: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES-C10: c10::cuda::device_synchronize();
  // CHECK-FIXES-C10-NEXT: return h.item<float>();
}
