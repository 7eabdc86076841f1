#pragma once
// torchsync mock of ATen/cuda/CUDAContext.h (1.13), reduced. at::cuda::X for
// the c10::cuda stream functions resolves through
// `namespace at { namespace cuda { using namespace c10::cuda; } }`.
#include <ATen/cuda/Exceptions.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime_api.h>

#include <cstdint>

namespace at {
namespace cuda {

inline int64_t getNumGPUs() {
  return c10::cuda::device_count();
}

inline bool is_available() {
  return c10::cuda::device_count() > 0;
}

TORCH_CUDA_CPP_API int warp_size();
TORCH_CUDA_CPP_API bool canDeviceAccessPeer(int64_t device, int64_t peer_device);

} // namespace cuda
} // namespace at
