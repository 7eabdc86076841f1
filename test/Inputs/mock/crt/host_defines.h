#pragma once
// torchsync mock of the CUDA toolkit's crt/host_defines.h and of what clang's
// CUDA runtime wrapper declares for kernel launches (files compiled with
// `-x cuda --cuda-host-only -nocudainc -nocudalib` see neither). Included by
// cuda_runtime.h.
#include <cstddef>
#include <vector_types.h>

#ifdef __CUDA__
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))

// What `k<<<g, b>>>(...)` calls: clang picks the one of the CUDA version it
// finds (cudaConfigureCall when it finds no CUDA installation).
extern "C" int __cudaPushCallConfiguration(dim3 gridSize, dim3 blockSize,
                                           size_t sharedMem = 0,
                                           struct CUstream_st* stream = 0);
extern "C" int cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                 size_t sharedMem = 0,
                                 struct CUstream_st* stream = 0);
#endif
