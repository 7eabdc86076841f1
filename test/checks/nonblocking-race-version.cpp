// RUN: %check_torchsync %s nonblocking-race %t -check-suffix=V2 -fix-notes -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6
// RUN: %check_torchsync %s nonblocking-race %t -fix-notes
// LibTorch 2.x: const_data_ptr / mutable_data_ptr are reads, and
// c10::Event::synchronize (2.x only) is a wait. The 1.13 headers have none
// of them: nothing to report there.
#include <torch/torch.h>
#include <ATen/cuda/CUDAEvent.h>

#if TORCH_MOCK_2X

float const_pointer() {
  auto g = torch::randn({4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, true);
  float v = *h.const_data_ptr<float>();
  // CHECK-MESSAGES-V2: :[[@LINE-1]]:16: warning: 'h.const_data_ptr<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES-V2: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-V2-NEXT: float v = *h.const_data_ptr<float>();
  auto k = g.to(torch::kCPU, true);
  const void *p = k.mutable_data_ptr();
  // CHECK-MESSAGES-V2: :[[@LINE-1]]:21: warning: 'k.mutable_data_ptr()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES-V2: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-V2-NEXT: const void *p = k.mutable_data_ptr();
  (void)p;
  return v;
}

float generic_event() {
  auto g = torch::randn({4}, torch::kCUDA);
  c10::Event done(c10::DeviceType::CUDA);
  auto h = g.to(torch::kCPU, true);
  done.record(c10::Stream(c10::Stream::DEFAULT, c10::Device(c10::DeviceType::CUDA, 0)));
  done.synchronize();
  return h.item<float>();
}

// at::cuda::CUDAEvent is c10::cuda::CUDAEvent in 2.x (2.11): its
// synchronize() is a wait too.
float cuda_event() {
  auto g = torch::randn({4}, torch::kCUDA);
  at::cuda::CUDAEvent done;
  auto h = g.to(torch::kCPU, true);
  done.record();
  done.synchronize();
  return h.item<float>();
}
#endif
