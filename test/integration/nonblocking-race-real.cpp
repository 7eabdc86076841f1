// RUN: %check_torchsync_real %s nonblocking-race %t -fix-notes
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s nonblocking-race %t.211 -fix-notes %}
// The real LibTorch 1.13 headers (Debian libtorch-dev): the to() overloads
// and copy_ are the declarations the check matches, the reads (data_ptr,
// accessor, item, operator<<) and waits (CUDAEvent::synchronize,
// torch::cuda::synchronize) resolve to the canonical names it knows, reads
// inside the headers' inline bodies are not followed, and the inserted wait
// compiles.
#include <torch/torch.h>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDAStream.h>
#include <iostream>

float read_back(int steps) {
  auto g = torch::randn({4, 4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, /*non_blocking=*/true);
  float v = *h.data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'h.data_ptr<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^}}  torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: {{^}}  float v = *h.data_ptr<float>();{{$}}
  auto k = g.to(torch::Device(torch::kCPU), torch::kDouble, true);
  auto a = k.accessor<double, 2>();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'k.accessor<double, 2>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^}}  torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: {{^}}  auto a = k.accessor<double, 2>();{{$}}
  auto pinned = torch::empty({4, 4}, torch::TensorOptions().pinned_memory(true));
  pinned.copy_(g, /*non_blocking=*/true);
  std::cout << pinned << "\n";
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'std::cout << pinned' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^}}  torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: {{^}}  std::cout << pinned << "\n";{{$}}

  // Waited for: silent.
  at::cuda::CUDAEvent ready;
  torch::Tensor last;
  for (int i = 0; i < steps; ++i) {
    if (i > 0) {
      ready.synchronize();
      v += last[0][0].item<float>();
    }
    last = g.to(torch::kCPU, true);
    ready.record(at::cuda::getCurrentCUDAStream());
  }
  auto w = g.to(torch::kCPU, true);
  at::cuda::getCurrentCUDAStream().synchronize();
  v += w.sum().item<float>();
  auto blocking = g.to(torch::kCPU);
  v += blocking.item<float>();
  int64_t n = g.to(torch::kCPU, true).numel();
  return v + a[0][0] + n;
}
