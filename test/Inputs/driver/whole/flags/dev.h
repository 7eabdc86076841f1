#pragma once
#include <torch/torch.h>
#ifdef USE_CUDA
#define DEV torch::kCUDA
#else
#define DEV torch::kCPU
#endif
float enc(torch::Tensor t);
