#pragma once
#include <torch/torch.h>
#define DEV torch::kCPU
float enc(torch::Tensor t);
