// RUN: %check_torchsync %s explicit-sync %t -check-suffix=V1
// RUN: %check_torchsync %s explicit-sync %t -check-suffix=V2 -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6
// c10::Event::synchronize exists only in 2.x (catalog A6); at::cuda::CUDAEvent
// is c10::cuda::CUDAEvent there (2.11); memcpy_and_sync
// takes a const source there (A8); 2.x's emptyCache() forwards to the
// allocator object, which user code may call directly (A10).
#include <torch/torch.h>
#include <ATen/cuda/CUDAEvent.h>
#include <c10/core/Event.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAStream.h>

#if TORCH_VERSION_MAJOR >= 2
// Not in the mock: the allocator interface of 2.x's
// c10/cuda/CUDACachingAllocator.h, reduced to what the test calls.
namespace c10::cuda::CUDACachingAllocator {
class CUDAAllocator {
public:
  virtual ~CUDAAllocator() = default;
  virtual void emptyCache() = 0;
};
CUDAAllocator *get();
} // namespace c10::cuda::CUDACachingAllocator
#endif

void events(c10::Stream s) {
  c10::Event ev(c10::DeviceType::CUDA);
  for (int step = 0; step < 10; ++step) {
    ev.record(s);
    ev.block(s);
    bool ready = ev.query();
    (void)ready;
#if TORCH_VERSION_MAJOR >= 2
    ev.synchronize();
    // CHECK-MESSAGES-V2: :[[@LINE-1]]:8: warning: 'synchronize()' waits until event 'ev' has completed on the GPU; use block(stream) for a device-side wait, or poll query() [torchsync-explicit-sync]
#endif
  }
}

void cuda_events(at::cuda::CUDAEvent &done) {
  for (int step = 0; step < 10; ++step) {
    done.record();
    bool ready = done.query();
    (void)ready;
    done.synchronize();
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:10: warning: 'synchronize()' waits until event 'done' has completed on the GPU; use block(stream) for a device-side wait, or poll query() [torchsync-explicit-sync]
    // CHECK-MESSAGES-V2: :[[@LINE-2]]:10: warning: 'synchronize()' waits until event 'done' has completed on the GPU; use block(stream) for a device-side wait, or poll query() [torchsync-explicit-sync]
  }
}

void copies(void *dst, const float *src, int64_t n, c10::cuda::CUDAStream s) {
  for (int step = 0; step < 10; ++step) {
#if TORCH_VERSION_MAJOR >= 2
    c10::cuda::memcpy_and_sync(dst, src, n, cudaMemcpyHostToDevice, s);
    // CHECK-MESSAGES-V2: :[[@LINE-1]]:5: warning: 'c10::cuda::memcpy_and_sync()' copies and then waits for all work queued on stream 's'; use cudaMemcpyAsync with a pinned host buffer and an at::cuda::CUDAEvent that the host synchronizes only where it reads the data [torchsync-explicit-sync]
#else
    c10::cuda::memcpy_and_sync(dst, const_cast<float *>(src), n,
                               cudaMemcpyHostToDevice, s);
    // CHECK-MESSAGES-V1: :[[@LINE-2]]:5: warning: 'c10::cuda::memcpy_and_sync()' copies and then waits for all work queued on stream 's'; use cudaMemcpyAsync with a pinned host buffer and an at::cuda::CUDAEvent that the host synchronizes only where it reads the data [torchsync-explicit-sync]
#endif
  }
}

void allocator() {
  for (int step = 0; step < 10; ++step) {
    c10::cuda::CUDACachingAllocator::emptyCache();
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:5: warning: 'c10::cuda::CUDACachingAllocator::emptyCache()' synchronizes and frees cached blocks; do not call it inside the loop, so that the caching allocator can reuse the blocks [torchsync-explicit-sync]
    // CHECK-MESSAGES-V2: :[[@LINE-2]]:5: warning: 'c10::cuda::CUDACachingAllocator::emptyCache()' synchronizes and frees cached blocks; do not call it inside the loop, so that the caching allocator can reuse the blocks [torchsync-explicit-sync]
#if TORCH_VERSION_MAJOR >= 2
    c10::cuda::CUDACachingAllocator::get()->emptyCache();
    // CHECK-MESSAGES-V2: :[[@LINE-1]]:45: warning: 'emptyCache()' synchronizes and frees cached blocks; do not call it inside the loop, so that the caching allocator can reuse the blocks [torchsync-explicit-sync]
#endif
  }
}
