// RUN: %check_torchsync_real %s explicit-sync %t
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s explicit-sync %t.211 %}
// The real LibTorch 1.13 headers (Debian libtorch-dev) and the CUDA toolkit's
// runtime and driver headers: the canonical names the check matches must be
// the declarations these headers declare (and the `_v2` names cuda.h's macros
// produce).
#include <torch/torch.h>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda.h>
#include <cuda_runtime_api.h>

void train(torch::nn::Linear model, torch::Tensor x, c10::Stream generic,
           float *dev, float *host, size_t n, CUdeviceptr ddev) {
  at::cuda::CUDAEvent done;
  auto side = c10::cuda::getStreamFromPool();
  for (int step = 0; step < 10; ++step) {
    auto y = model(x);
    torch::cuda::synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::cuda::synchronize()' waits for all work on the GPU; order streams with CUDAEvent::record() and block(), and time with CUDAEvent::elapsed_time after one final sync [torchsync-explicit-sync]
    at::cuda::device_synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'at::cuda::device_synchronize()' waits for all work on the GPU; order streams with CUDAEvent::record() and block(), and time with CUDAEvent::elapsed_time after one final sync [torchsync-explicit-sync]
    at::cuda::getCurrentCUDAStream().synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'synchronize()' waits for all work queued on stream 'at::cuda::getCurrentCUDAStream()'; record an at::cuda::CUDAEvent and make the other stream wait on it with block(), or poll query() [torchsync-explicit-sync]
    generic.synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'synchronize()' waits for all work queued on stream 'generic'; record a c10::Event and make the other stream wait on it with c10::Stream::wait(), or poll query() [torchsync-explicit-sync]
    c10::cuda::stream_synchronize(side);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'c10::cuda::stream_synchronize()' waits for all work queued on stream 'side'; record an at::cuda::CUDAEvent and make the other stream wait on it with block(), or poll query() [torchsync-explicit-sync]
    done.record(side);
    done.block(at::cuda::getCurrentCUDAStream());
    bool ready = done.query() && side.query();
    done.synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'synchronize()' waits until event 'done' has completed on the GPU; use block(stream) for a device-side wait, or poll query() [torchsync-explicit-sync]
    c10::cuda::memcpy_and_sync(host, dev, n, cudaMemcpyDeviceToHost, side);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'c10::cuda::memcpy_and_sync()' copies and then waits for all work queued on stream 'side'; use cudaMemcpyAsync with a pinned host buffer and an at::cuda::CUDAEvent that the host synchronizes only where it reads the data [torchsync-explicit-sync]
    c10::cuda::CUDACachingAllocator::emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'c10::cuda::CUDACachingAllocator::emptyCache()' synchronizes and frees cached blocks; do not call it inside the loop, so that the caching allocator can reuse the blocks [torchsync-explicit-sync]
    C10_CUDA_CHECK(cudaStreamSynchronize(side));
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'cudaStreamSynchronize()' waits for all work queued on stream 'side'; record an event with cudaEventRecord and make the other stream wait on it with cudaStreamWaitEvent, or poll cudaStreamQuery [torchsync-explicit-sync]
    cudaMemcpy(host, dev, n, cudaMemcpyDeviceToHost);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaMemcpy()' copies from the device to the host and waits for the copy and the work queued before it; use cudaMemcpyAsync with pinned host memory and an event that the host synchronizes only where it reads the data [torchsync-explicit-sync]
    cudaMemcpyAsync(dev, host, n, cudaMemcpyHostToDevice, side);
    cudaFree(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaFree()' waits for all work on the whole GPU to finish before it frees the memory; allocate once outside the loop, or through c10::cuda::CUDACachingAllocator::raw_alloc() and raw_delete() [torchsync-explicit-sync]
    cuCtxSynchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cuCtxSynchronize()' waits for all work in the current CUDA context; order streams with cuEventRecord and cuStreamWaitEvent, and time with cuEventElapsedTime after one final sync [torchsync-explicit-sync]
    cuMemcpyDtoH(host, ddev, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cuMemcpyDtoH()' copies from the device to the host and waits for the copy and the work queued before it; use cuMemcpyDtoHAsync with pinned host memory and an event that the host synchronizes only where it reads the data [torchsync-explicit-sync]
    c10::cuda::warning_state().set_sync_debug_mode(
        c10::cuda::SyncDebugMode::L_WARN);
    (void)y; (void)ready;
  }
  // One final sync outside the loop is not reported.
  torch::cuda::synchronize();
}
