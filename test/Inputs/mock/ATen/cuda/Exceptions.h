#pragma once
// torchsync mock of ATen/cuda/Exceptions.h (1.13), reduced.
#include <c10/cuda/CUDAException.h>

#define AT_CUDA_CHECK(EXPR) C10_CUDA_CHECK(EXPR)
