#include <torch/torch.h>
#include <torch/library.h>

double on_cuda(const torch::Tensor &s);
double on_cpu(const torch::Tensor &s);
double on_both(const torch::Tensor &s);
double in_fragment(const torch::Tensor &s);
double on_cpu_impl(const torch::Tensor &s);

TORCH_LIBRARY(keys, m) {
  m.def("on_cuda(Tensor s) -> float");
  m.impl("on_cuda", torch::kCUDA, &on_cuda);
  m.def("on_cpu(Tensor s) -> float");
  m.impl("on_cpu", torch::kCPU, &on_cpu);
  m.def("on_both(Tensor s) -> float");
  m.impl("on_both", torch::kCPU, &on_both);
  m.impl("on_both", torch::kCUDA, &on_both);
}

TORCH_LIBRARY_FRAGMENT(keys, m) { m.impl("in_fragment", torch::kCUDA, &in_fragment); }

TORCH_LIBRARY_IMPL(keys, CPU, m) { m.impl("on_cpu_impl", &on_cpu_impl); }
