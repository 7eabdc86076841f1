#include <torch/torch.h>
double sgd_step(torch::Tensor w, const torch::Tensor &x);
double norm_of(const torch::Tensor &w);
double unregistered(const torch::Tensor &w);
torch::Tensor scale_op(const torch::Tensor &x);
