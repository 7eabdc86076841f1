// RUN: %check_torchsync %s explicit-sync %t -check-suffix=DEFAULT
// RUN: %check_torchsync %s explicit-sync %t -check-suffix=OUTSIDE -config="{CheckOptions: {torchsync-explicit-sync.ReportOutsideLoops: true}}"
// RUN: %check_torchsync %s explicit-sync %t -check-suffix=HOT -config="{CheckOptions: {HotFunctions: 'step;Timer::stop'}}"
// RUN: %check_torchsync %s explicit-sync %t -check-suffix=DEFAULT -config="{CheckOptions: {UnknownDevice: ignore}}"
// UnknownDevice has no effect: these calls wait whatever the tensors' devices.
#include <torch/torch.h>
#include <ATen/cuda/CUDAEvent.h>
#include <cuda_runtime_api.h>

void step() {
  torch::cuda::synchronize();
  // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:3: warning: 'torch::cuda::synchronize()' waits for all work on the GPU; order streams with CUDAEvent::record() and block(), and time with CUDAEvent::elapsed_time after one final sync [torchsync-explicit-sync]
  // CHECK-MESSAGES-HOT: :[[@LINE-2]]:3: warning: 'torch::cuda::synchronize()' waits for all work on the GPU; order streams with CUDAEvent::record() and block(), and time with CUDAEvent::elapsed_time after one final sync [torchsync-explicit-sync]
}

struct Timer {
  at::cuda::CUDAEvent end;
  void stop() {
    end.record();
    end.synchronize();
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:9: warning: 'synchronize()' waits until event 'end' has completed on the GPU; use block(stream) for a device-side wait, or poll query() [torchsync-explicit-sync]
    // CHECK-MESSAGES-HOT: :[[@LINE-2]]:9: warning: 'synchronize()' waits until event 'end' has completed on the GPU; use block(stream) for a device-side wait, or poll query() [torchsync-explicit-sync]
  }
};

void loop(cudaStream_t s) {
  for (int i = 0; i < 2; ++i) {
    cudaStreamSynchronize(s);
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:5: warning: 'cudaStreamSynchronize()' waits for all work queued on stream 's'; record an event with cudaEventRecord and make the other stream wait on it with cudaStreamWaitEvent, or poll cudaStreamQuery [torchsync-explicit-sync]
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:5: warning: 'cudaStreamSynchronize()' waits for all work queued on stream 's'; record an event with cudaEventRecord and make the other stream wait on it with cudaStreamWaitEvent, or poll cudaStreamQuery [torchsync-explicit-sync]
    // CHECK-MESSAGES-HOT: :[[@LINE-3]]:5: warning: 'cudaStreamSynchronize()' waits for all work queued on stream 's'; record an event with cudaEventRecord and make the other stream wait on it with cudaStreamWaitEvent, or poll cudaStreamQuery [torchsync-explicit-sync]
  }
  // A statement macro's `do { } while (0)` is no loop, with or without the
  // option: outside a loop it is reported only with ReportOutsideLoops.
  C10_CUDA_CHECK(cudaDeviceSynchronize());
  // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:18: warning: 'cudaDeviceSynchronize()' waits for all work on the GPU; order streams with cudaEventRecord and cudaStreamWaitEvent, and time with cudaEventElapsedTime after one final sync [torchsync-explicit-sync]
}
