// RUN: %check_torchsync %s explicit-sync %t
#include <torch/torch.h>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime_api.h>

#include <vector>

// Not in the mock's cuda_runtime_api.h: declared as in the CUDA headers (the
// driver API from cuda.h, with the `_v2` names its macros produce).
extern "C" {
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                         size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                 size_t offset = 0,
                                 enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
typedef int CUresult;
typedef unsigned long long CUdeviceptr;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
CUresult cuCtxSynchronize(void);
CUresult cuStreamSynchronize(CUstream hStream);
CUresult cuEventSynchronize(CUevent hEvent);
CUresult cuStreamQuery(CUstream hStream);
CUresult cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice, size_t n);
CUresult cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost, size_t n);
CUresult cuMemcpyDtoHAsync_v2(void *dstHost, CUdeviceptr srcDevice, size_t n,
                              CUstream hStream);
}
#define cuMemcpyDtoH cuMemcpyDtoH_v2
#define cuMemcpyHtoD cuMemcpyHtoD_v2

// ---- Positives: LibTorch ---------------------------------------------------

void device_wide(torch::nn::Linear model, torch::Tensor x) {
  for (int step = 0; step < 10; ++step) {
    auto y = model(x);
    torch::cuda::synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::cuda::synchronize()' waits for all work on the GPU; order streams with CUDAEvent::record() and block(), and time with CUDAEvent::elapsed_time after one final sync [torchsync-explicit-sync]
    torch::cuda::synchronize(0);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::cuda::synchronize()' waits for all work on the GPU; order streams with CUDAEvent::record() and block(), and time with CUDAEvent::elapsed_time after one final sync [torchsync-explicit-sync]
    c10::cuda::device_synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'c10::cuda::device_synchronize()' waits for all work on the GPU; order streams with CUDAEvent::record() and block(), and time with CUDAEvent::elapsed_time after one final sync [torchsync-explicit-sync]
    at::cuda::device_synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'at::cuda::device_synchronize()' waits for all work on the GPU; order streams with CUDAEvent::record() and block(), and time with CUDAEvent::elapsed_time after one final sync [torchsync-explicit-sync]
    (void)y;
  }
}

void streams(c10::cuda::CUDAStream side, c10::Stream generic) {
  for (int step = 0; step < 10; ++step) {
    at::cuda::getCurrentCUDAStream().synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'synchronize()' waits for all work queued on stream 'at::cuda::getCurrentCUDAStream()'; record an at::cuda::CUDAEvent and make the other stream wait on it with block(), or poll query() [torchsync-explicit-sync]
    side.synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'synchronize()' waits for all work queued on stream 'side'; record an at::cuda::CUDAEvent and make the other stream wait on it with block(), or poll query() [torchsync-explicit-sync]
    generic.synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'synchronize()' waits for all work queued on stream 'generic'; record a c10::Event and make the other stream wait on it with c10::Stream::wait(), or poll query() [torchsync-explicit-sync]
    c10::cuda::stream_synchronize(side);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'c10::cuda::stream_synchronize()' waits for all work queued on stream 'side'; record an at::cuda::CUDAEvent and make the other stream wait on it with block(), or poll query() [torchsync-explicit-sync]
    at::cuda::stream_synchronize(at::cuda::getCurrentCUDAStream());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'at::cuda::stream_synchronize()' waits for all work queued on stream 'at::cuda::getCurrentCUDAStream()'; record an at::cuda::CUDAEvent and make the other stream wait on it with block(), or poll query() [torchsync-explicit-sync]
  }
}

void events(c10::cuda::CUDAStream side) {
  at::cuda::CUDAEvent done;
  for (int step = 0; step < 10; ++step) {
    done.record(side);
    done.synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'synchronize()' waits until event 'done' has completed on the GPU; use block(stream) for a device-side wait, or poll query() [torchsync-explicit-sync]
  }
}

void copies(void *host, void *dev, int64_t n, c10::cuda::CUDAStream s) {
  for (int step = 0; step < 10; ++step) {
    c10::cuda::memcpy_and_sync(host, dev, n, cudaMemcpyDeviceToHost, s);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'c10::cuda::memcpy_and_sync()' copies and then waits for all work queued on stream 's'; use cudaMemcpyAsync with a pinned host buffer and an at::cuda::CUDAEvent that the host synchronizes only where it reads the data [torchsync-explicit-sync]
    at::cuda::memcpy_and_sync(dev, host, n, cudaMemcpyHostToDevice, s);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'at::cuda::memcpy_and_sync()' copies and then waits for all work queued on stream 's'; use cudaMemcpyAsync with a pinned host buffer and an at::cuda::CUDAEvent that the host synchronizes only where it reads the data [torchsync-explicit-sync]
  }
}

void empty_cache(torch::Tensor x) {
  for (int step = 0; step < 10; ++step) {
    auto y = x * 2;
    c10::cuda::CUDACachingAllocator::emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'c10::cuda::CUDACachingAllocator::emptyCache()' synchronizes and frees cached blocks; do not call it inside the loop, so that the caching allocator can reuse the blocks [torchsync-explicit-sync]
    (void)y;
  }
}

// ---- Positives: CUDA runtime and driver ------------------------------------

void runtime(cudaStream_t s, cudaEvent_t ev, float *dev, float *host,
             size_t n, cudaMemcpyKind kind) {
  std::vector<float> staging(n);
  for (int step = 0; step < 10; ++step) {
    cudaDeviceSynchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaDeviceSynchronize()' waits for all work on the GPU; order streams with cudaEventRecord and cudaStreamWaitEvent, and time with cudaEventElapsedTime after one final sync [torchsync-explicit-sync]
    cudaThreadSynchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaThreadSynchronize()' waits for all work on the GPU; order streams with cudaEventRecord and cudaStreamWaitEvent, and time with cudaEventElapsedTime after one final sync [torchsync-explicit-sync]
    cudaStreamSynchronize(s);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaStreamSynchronize()' waits for all work queued on stream 's'; record an event with cudaEventRecord and make the other stream wait on it with cudaStreamWaitEvent, or poll cudaStreamQuery [torchsync-explicit-sync]
    cudaStreamSynchronize(0);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaStreamSynchronize()' waits for all work queued on the default stream; record an event with cudaEventRecord and make the other stream wait on it with cudaStreamWaitEvent, or poll cudaStreamQuery [torchsync-explicit-sync]
    cudaEventSynchronize(ev);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaEventSynchronize()' waits until event 'ev' has completed on the GPU; use cudaStreamWaitEvent for a device-side wait, or poll cudaEventQuery [torchsync-explicit-sync]
    cudaMemcpy(host, dev, n * sizeof(float), cudaMemcpyDeviceToHost);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaMemcpy()' copies from the device to the host and waits for the copy and the work queued before it; use cudaMemcpyAsync with pinned host memory and an event that the host synchronizes only where it reads the data [torchsync-explicit-sync]
    cudaMemcpy(dev, staging.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaMemcpy()' copies from the host to the device and waits for the copy and the work queued before it; use cudaMemcpyAsync with pinned host memory and an event that the host synchronizes only where it reads the data [torchsync-explicit-sync]
    cudaMemcpy(dev, host, n * sizeof(float), cudaMemcpyDefault);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaMemcpy()' copies between host and device and waits for the copy and the work queued before it unless both pointers are device memory; use cudaMemcpyAsync with pinned host memory and an event that the host synchronizes only where it reads the data [torchsync-explicit-sync]
    cudaMemcpy(dev, host, n * sizeof(float), kind);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaMemcpy()' copies between host and device and waits for the copy and the work queued before it unless both pointers are device memory; use cudaMemcpyAsync with pinned host memory and an event that the host synchronizes only where it reads the data [torchsync-explicit-sync]
    cudaMemcpy2D(host, 16, dev, 16, 16, 4, cudaMemcpyDeviceToHost);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaMemcpy2D()' copies from the device to the host and waits for the copy and the work queued before it; use cudaMemcpyAsync with pinned host memory and an event that the host synchronizes only where it reads the data [torchsync-explicit-sync]
    cudaMemcpyFromSymbol(host, dev, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaMemcpyFromSymbol()' copies from the device to the host and waits for the copy and the work queued before it; use cudaMemcpyAsync with pinned host memory and an event that the host synchronizes only where it reads the data [torchsync-explicit-sync]
    cudaFree(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaFree()' waits for all work on the whole GPU to finish before it frees the memory; allocate once outside the loop, or through c10::cuda::CUDACachingAllocator::raw_alloc() and raw_delete() [torchsync-explicit-sync]
    cudaFreeHost(host);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaFreeHost()' waits for all work on the whole GPU to finish before it frees the memory; allocate the pinned buffer once outside the loop, or use pinned tensors (pin_memory()) from the caching host allocator [torchsync-explicit-sync]
    ::cudaDeviceSynchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaDeviceSynchronize()' waits for all work on the GPU; order streams with cudaEventRecord and cudaStreamWaitEvent, and time with cudaEventElapsedTime after one final sync [torchsync-explicit-sync]
  }
}

void driver(CUstream s, CUevent ev, CUdeviceptr dev, float *host, size_t n) {
  for (int step = 0; step < 10; ++step) {
    cuCtxSynchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cuCtxSynchronize()' waits for all work in the current CUDA context; order streams with cuEventRecord and cuStreamWaitEvent, and time with cuEventElapsedTime after one final sync [torchsync-explicit-sync]
    cuStreamSynchronize(s);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cuStreamSynchronize()' waits for all work queued on stream 's'; record an event with cuEventRecord and make the other stream wait on it with cuStreamWaitEvent, or poll cuStreamQuery [torchsync-explicit-sync]
    cuEventSynchronize(ev);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cuEventSynchronize()' waits until event 'ev' has completed on the GPU; use cuStreamWaitEvent for a device-side wait, or poll cuEventQuery [torchsync-explicit-sync]
    cuMemcpyDtoH(host, dev, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cuMemcpyDtoH()' copies from the device to the host and waits for the copy and the work queued before it; use cuMemcpyDtoHAsync with pinned host memory and an event that the host synchronizes only where it reads the data [torchsync-explicit-sync]
    cuMemcpyHtoD(dev, host, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cuMemcpyHtoD()' copies from the host to the device and waits for the copy and the work queued before it; use cuMemcpyHtoDAsync with pinned host memory and an event that the host synchronizes only where it reads the data [torchsync-explicit-sync]
  }
}

// ---- Other hot paths -------------------------------------------------------

void finish_step() {
  torch::cuda::synchronize();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::cuda::synchronize()' waits for all work on the GPU; order streams with CUDAEvent::record() and block(), and time with CUDAEvent::elapsed_time after one final sync [torchsync-explicit-sync]
}

void train(torch::Tensor x) {
  for (int step = 0; step < 10; ++step) {
    auto y = x * 2;
    finish_step();
    (void)y;
  }
  std::vector<int> batches(4);
  for (int b : batches) {
    cudaStreamSynchronize(at::cuda::getCurrentCUDAStream());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaStreamSynchronize()' waits for all work queued on stream 'at::cuda::getCurrentCUDAStream()'; record an event with cudaEventRecord and make the other stream wait on it with cudaStreamWaitEvent, or poll cudaStreamQuery [torchsync-explicit-sync]
    (void)b;
  }
  int left = 3;
  while (left-- > 0)
    cudaDeviceSynchronize();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaDeviceSynchronize()' waits for all work on the GPU; order streams with cudaEventRecord and cudaStreamWaitEvent, and time with cudaEventElapsedTime after one final sync [torchsync-explicit-sync]
  auto each = [](int) {
    c10::cuda::device_synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'c10::cuda::device_synchronize()' waits for all work on the GPU; order streams with CUDAEvent::record() and block(), and time with CUDAEvent::elapsed_time after one final sync [torchsync-explicit-sync]
  };
  for (int i = 0; i < 2; ++i)
    each(i);
}

struct Net : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) {
    auto y = x * 2;
    at::cuda::getCurrentCUDAStream().synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'synchronize()' waits for all work queued on stream 'at::cuda::getCurrentCUDAStream()'; record an at::cuda::CUDAEvent and make the other stream wait on it with block(), or poll query() [torchsync-explicit-sync]
    return y;
  }
};

// ---- Negatives: enqueue-only calls and handles (catalog G3) ----------------

void no_sync(torch::Tensor x, c10::cuda::CUDAStream side, cudaStream_t raw,
             cudaEvent_t rawev, float *dev, float *dev2, float *pinned,
             size_t n, CUstream cs) {
  at::cuda::CUDAEvent start(cudaEventDefault), stop(cudaEventDefault);
  c10::Event generic(c10::DeviceType::CUDA);
  for (int step = 0; step < 10; ++step) {
    auto cur = at::cuda::getCurrentCUDAStream();
    auto def = at::cuda::getDefaultCUDAStream();
    auto pooled = c10::cuda::getStreamFromPool();
    {
      c10::cuda::CUDAStreamGuard guard(side);
      auto y = x * 2;
      (void)y;
    }
    c10::cuda::CUDAGuard dev_guard(0);
    start.record(cur);
    start.block(side);
    bool ready = start.query() && side.query() && cur.query();
    stop.record();
    float ms = start.elapsed_time(stop);
    generic.record(side);
    generic.block(cur);
    bool ok = generic.query();
    c10::Stream plain = side;
    plain.wait(generic);
    bool done = plain.query();
    cudaMemcpyAsync(dev, pinned, n, cudaMemcpyHostToDevice, raw);
    cudaMemcpy(dev2, dev, n, cudaMemcpyDeviceToDevice);
    cudaMemcpy(pinned, pinned, n, cudaMemcpyHostToHost);
    cudaEventRecord(rawev, raw);
    cudaStreamWaitEvent(raw, rawev);
    cudaError_t q = cudaStreamQuery(raw);
    cudaError_t eq = cudaEventQuery(rawev);
    cuStreamQuery(cs);
    cudaFree(nullptr);
    cudaFree(0);
    cudaMemsetAsync(dev, 0, n, raw);
    c10::cuda::warning_state().set_sync_debug_mode(
        c10::cuda::SyncDebugMode::L_WARN);
    auto devices = torch::cuda::device_count();
    bool avail = torch::cuda::is_available();
    torch::cuda::manual_seed(step);
    c10::cuda::set_device(0);
    auto current = c10::cuda::current_device();
    size_t cached = 0, largest = 0;
    c10::cuda::CUDACachingAllocator::cacheInfo(0, &cached, &largest);
    (void)ready; (void)ms; (void)ok; (void)done; (void)q; (void)eq;
    (void)devices; (void)avail; (void)current; (void)def; (void)pooled;
  }
}

// Set-up and final timing outside any loop are one-offs.
float timed(torch::nn::Linear model, torch::Tensor x) {
  at::cuda::CUDAEvent start(cudaEventDefault), stop(cudaEventDefault);
  torch::cuda::synchronize();
  start.record();
  for (int step = 0; step < 10; ++step)
    x = model(x);
  stop.record();
  stop.synchronize();
  c10::cuda::CUDACachingAllocator::emptyCache();
  cudaDeviceSynchronize();
  return start.elapsed_time(stop);
}

// `do { } while (0)` statement macros (C10_CUDA_CHECK) are no loop.
void checked_once(cudaStream_t s) {
  C10_CUDA_CHECK(cudaDeviceSynchronize());
  AT_CUDA_CHECK(cudaStreamSynchronize(s));
  do {
    cudaDeviceSynchronize();
  } while (false);
}

// Look-alikes in other namespaces and classes.
namespace mylib {
void synchronize();
cudaError_t cudaDeviceSynchronize();
struct Queue {
  void synchronize();
};
} // namespace mylib

void look_alikes(mylib::Queue q) {
  for (int step = 0; step < 10; ++step) {
    mylib::synchronize();
    mylib::cudaDeviceSynchronize();
    q.synchronize();
  }
}

// ---- Macros and templates: reported (there are no fixes to withhold) -------

#define SYNC_ALL() torch::cuda::synchronize()
#define WAIT_ON(s) (s).synchronize()

void in_macros(c10::cuda::CUDAStream side) {
  for (int step = 0; step < 10; ++step) {
    SYNC_ALL();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::cuda::synchronize()' waits for all work on the GPU; order streams with CUDAEvent::record() and block(), and time with CUDAEvent::elapsed_time after one final sync [torchsync-explicit-sync]
    WAIT_ON(side);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'synchronize()' waits for all work queued on stream '(s)'; record an at::cuda::CUDAEvent and make the other stream wait on it with block(), or poll query() [torchsync-explicit-sync]
    C10_CUDA_CHECK(cudaDeviceSynchronize());
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'cudaDeviceSynchronize()' waits for all work on the GPU; order streams with cudaEventRecord and cudaStreamWaitEvent, and time with cudaEventElapsedTime after one final sync [torchsync-explicit-sync]
    AT_CUDA_CHECK(cudaStreamSynchronize(side));
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'cudaStreamSynchronize()' waits for all work queued on stream 'side'; record an event with cudaEventRecord and make the other stream wait on it with cudaStreamWaitEvent, or poll cudaStreamQuery [torchsync-explicit-sync]
  }
}

template <typename StreamT>
void wait_each(std::vector<StreamT> &streams) {
  for (auto &s : streams) {
    s.synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'synchronize()' waits for all work queued on stream 's'; record an at::cuda::CUDAEvent and make the other stream wait on it with block(), or poll query() [torchsync-explicit-sync]
    torch::cuda::synchronize();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::cuda::synchronize()' waits for all work on the GPU; order streams with CUDAEvent::record() and block(), and time with CUDAEvent::elapsed_time after one final sync [torchsync-explicit-sync]
  }
}
template void wait_each<c10::cuda::CUDAStream>(std::vector<c10::cuda::CUDAStream> &);

template <typename T>
void copy_back(T *host, const T *dev, size_t n) {
  for (size_t i = 0; i < n; ++i)
    cudaMemcpy(host + i, dev + i, sizeof(T), cudaMemcpyDeviceToHost);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cudaMemcpy()' copies from the device to the host and waits for the copy and the work queued before it; use cudaMemcpyAsync with pinned host memory and an event that the host synchronizes only where it reads the data [torchsync-explicit-sync]
}
template void copy_back<float>(float *, const float *, size_t);
template void copy_back<double>(double *, const double *, size_t);
