#pragma once
// torchsync mock of torch/nn/options/linear.h (1.13), reduced.
#include <torch/arg.h>
#include <torch/types.h>

#include <cstdint>

namespace torch {
namespace nn {

/// Options for the `Linear` module.
struct TORCH_API LinearOptions {
  LinearOptions(int64_t in_features, int64_t out_features)
      : in_features_(in_features), out_features_(out_features) {}
  /// size of each input sample
  TORCH_ARG(int64_t, in_features);
  /// size of each output sample
  TORCH_ARG(int64_t, out_features);
  /// If set to false, the layer will not learn an additive bias. Default: true
  TORCH_ARG(bool, bias) = true;
};

} // namespace nn
} // namespace torch
