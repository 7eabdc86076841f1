#include "ops.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/library.h>

TORCH_LIBRARY(bench_ops, m) {
  m.def("compact(Tensor x, float threshold) -> Tensor");
  m.def("count_above(Tensor x, float threshold) -> int");
  m.def("scale_add(Tensor x, Tensor y, float alpha) -> Tensor");
}

namespace bench_ops {

at::Tensor compact(const at::Tensor& x, double threshold) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("bench_ops::compact", "")
                       .typed<at::Tensor(const at::Tensor&, double)>();
  return op.call(x, threshold);
}

int64_t count_above(const at::Tensor& x, double threshold) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("bench_ops::count_above", "")
                       .typed<int64_t(const at::Tensor&, double)>();
  return op.call(x, threshold);
}

at::Tensor scale_add(const at::Tensor& x, const at::Tensor& y, double alpha) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("bench_ops::scale_add", "")
                       .typed<at::Tensor(const at::Tensor&, const at::Tensor&, double)>();
  return op.call(x, y, alpha);
}

} // namespace bench_ops
