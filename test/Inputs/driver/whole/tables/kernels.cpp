#include <torch/torch.h>

float norm_cuda(const torch::Tensor &x) { return x.norm().item<float>(); }
float norm_cpu(const torch::Tensor &x) { return x.norm().item<float>(); }
float scale_cuda(const torch::Tensor &x) { return x.max().item<float>(); }
// In no table: cold.
float unused_kernel(const torch::Tensor &x) { return x.sum().item<float>(); }
