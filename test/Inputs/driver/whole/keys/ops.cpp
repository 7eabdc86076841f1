#include <torch/torch.h>

double on_cuda(const torch::Tensor &s) { return s.item<double>(); }
double on_cpu(const torch::Tensor &s) { return s.item<double>(); }
double on_both(const torch::Tensor &s) { return s.item<double>(); }
double in_fragment(const torch::Tensor &s) { return s.item<double>(); }
double on_cpu_impl(const torch::Tensor &s) { return s.item<double>(); }
