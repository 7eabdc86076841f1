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
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::cuda::synchronize()' waits for all work on the whole GPU to finish (cudaDeviceSynchronize){{.*}} [torchsync-explicit-sync]
    at::cuda::device_synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'at::cuda::device_synchronize()' waits for all work on the whole GPU to finish
    at::cuda::getCurrentCUDAStream().synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'synchronize()' waits for all work queued on stream 'at::cuda::getCurrentCUDAStream()' (cudaStreamSynchronize)
    generic.synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'synchronize()' waits for all work queued on stream 'generic' (cudaStreamSynchronize for a CUDA stream)
    c10::cuda::stream_synchronize(side);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'c10::cuda::stream_synchronize()' waits for all work queued on stream 'side'
    done.record(side);
    done.block(at::cuda::getCurrentCUDAStream());
    bool ready = done.query() && side.query();
    done.synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'synchronize()' waits until event 'done' has completed on the GPU (cudaEventSynchronize)
    c10::cuda::memcpy_and_sync(host, dev, n, cudaMemcpyDeviceToHost, side);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'c10::cuda::memcpy_and_sync()' copies and then waits for all work queued on stream 'side'
    c10::cuda::CUDACachingAllocator::emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'c10::cuda::CUDACachingAllocator::emptyCache()' synchronizes and frees cached blocks
    C10_CUDA_CHECK(cudaStreamSynchronize(side));
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'cudaStreamSynchronize()' waits for all work queued on stream 'side'
    cudaMemcpy(host, dev, n, cudaMemcpyDeviceToHost);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaMemcpy()' copies from the device to the host
    cudaMemcpyAsync(dev, host, n, cudaMemcpyHostToDevice, side);
    cudaFree(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaFree()' waits for all work on the whole GPU to finish before it frees the memory
    cuCtxSynchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cuCtxSynchronize()' waits for all work in the current CUDA context to finish
    cuMemcpyDtoH(host, ddev, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cuMemcpyDtoH()' copies from the device to the host
    c10::cuda::warning_state().set_sync_debug_mode(
        c10::cuda::SyncDebugMode::L_WARN);
    (void)y; (void)ready;
  }
  // One final sync outside the loop is not reported.
  torch::cuda::synchronize();
}
