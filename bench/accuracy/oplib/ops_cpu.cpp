// The CPU kernels of bench_ops: plain ATen on host tensors.
#include <ATen/ATen.h>
#include <torch/library.h>

namespace {

at::Tensor compact_cpu(const at::Tensor& x, double threshold) {
  TORCH_CHECK(x.device().is_cpu(), "compact_cpu: x must be a CPU tensor");
  return x.masked_select(x > threshold);
}

int64_t count_above_cpu(const at::Tensor& x, double threshold) {
  TORCH_CHECK(x.device().is_cpu(), "count_above_cpu: x must be a CPU tensor");
  return (x > threshold).sum().item<int64_t>();
}

at::Tensor scale_add_cpu(const at::Tensor& x, const at::Tensor& y, double alpha) {
  TORCH_CHECK(x.sizes() == y.sizes(), "scale_add: shapes differ");
  return x + alpha * y;
}

} // namespace

TORCH_LIBRARY_IMPL(bench_ops, CPU, m) {
  m.impl("compact", &compact_cpu);
  m.impl("count_above", &count_above_cpu);
  m.impl("scale_add", &scale_add_cpu);
}
