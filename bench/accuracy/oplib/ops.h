#pragma once

#include <ATen/ATen.h>

#include <cstdint>

// C++ entry points of the bench_ops operators; each goes through the
// dispatcher, which picks the CPU or the CUDA kernel by the inputs' device.
namespace bench_ops {
at::Tensor compact(const at::Tensor& x, double threshold);
int64_t count_above(const at::Tensor& x, double threshold);
at::Tensor scale_add(const at::Tensor& x, const at::Tensor& y, double alpha);
} // namespace bench_ops
