#include <torch/torch.h>

namespace mylib {
float forward_step(const torch::Tensor &x) { return x.sum().item<float>(); }
float helper(const torch::Tensor &x) { return x.sum().item<float>(); }
} // namespace mylib

extern "C" float run_op(const torch::Tensor *x) { return x->max().item<float>(); }
