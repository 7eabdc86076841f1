#pragma once
// torchsync mock of torch/nn/options/dropout.h (1.13).
#include <torch/arg.h>
#include <torch/types.h>

namespace torch {
namespace nn {

/// Options for the `Dropout` module.
struct TORCH_API DropoutOptions {
  /* implicit */ DropoutOptions(double p = 0.5) : p_(p) {}

  /// The probability of an element to be zeroed. Default: 0.5
  TORCH_ARG(double, p) = 0.5;

  /// can optionally do the operation in-place. Default: False
  TORCH_ARG(bool, inplace) = false;
};

namespace functional {
/// Options for `torch::nn::functional::dropout`.
struct TORCH_API DropoutFuncOptions {
  /// The probability of an element to be zeroed. Default: 0.5
  TORCH_ARG(double, p) = 0.5;
  TORCH_ARG(bool, training) = true;
  /// can optionally do the operation in-place. Default: False
  TORCH_ARG(bool, inplace) = false;
};
} // namespace functional

} // namespace nn
} // namespace torch
