// RUN: %check_torchsync %s nonblocking-race %t -fix-notes
// The notes: where the copy started, and the wait that the fix inserts
// (applied only with --fix-notes). No hot-path note: the check fires
// everywhere.
#include <torch/torch.h>

float read_back() {
  auto g = torch::randn({4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, /*non_blocking=*/true);
  float v = *h.data_ptr<float>();
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: 'h.data_ptr<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: FIX-IT applied suggested code changes
  // CHECK-NOTES: :[[@LINE-4]]:14: note: non_blocking copy started here
  // CHECK-NOTES: :[[@LINE-4]]:3: note: wait with 'torch::cuda::synchronize()' before this statement; the host then waits for all work on the current CUDA device, not only for the copy (a copy from a tensor on another device needs that device's index)
  // CHECK-FIXES: torch::cuda::synchronize();
  // CHECK-FIXES-NEXT: float v = *h.data_ptr<float>();
  return v;
}

// One read reached from two copies: one finding, at the first copy found.
float two_copies(bool c) {
  auto g = torch::randn({4}, torch::kCUDA);
  torch::Tensor h;
  if (c)
    h = g.to(torch::kCPU, true);
  else
    h = (g * 2).to(torch::kCPU, true);
  return h.item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: FIX-IT applied suggested code changes
  // CHECK-NOTES: :[[@LINE-6]]:11: note: non_blocking copy started here
  // CHECK-NOTES: :[[@LINE-4]]:3: note: wait with 'torch::cuda::synchronize()' before this statement; the host then waits for all work on the current CUDA device, not only for the copy (a copy from a tensor on another device needs that device's index)
  // CHECK-FIXES: h = (g * 2).to(torch::kCPU, true);
  // CHECK-FIXES-NEXT: torch::cuda::synchronize();
  // CHECK-FIXES-NEXT: return h.item<float>();
}

// The read in the copy's own expression: nowhere to put a wait, no fix.
float same_expression() {
  auto g = torch::randn({4}, torch::kCUDA);
  return g.to(torch::kCPU, true).item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:34: warning: 'g.to(torch::kCPU, true).item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: non_blocking copy started here
}
