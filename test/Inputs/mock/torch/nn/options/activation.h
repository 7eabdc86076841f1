#pragma once
// torchsync mock of torch/nn/options/activation.h (1.13), reduced.
#include <torch/arg.h>
#include <torch/types.h>

#include <cstdint>

namespace torch {
namespace nn {

/// Options for the `ReLU` module.
struct TORCH_API ReLUOptions {
  /* implicit */ ReLUOptions(bool inplace = false) : inplace_(inplace) {}

  /// can optionally do the operation in-place. Default: False
  TORCH_ARG(bool, inplace);
};

/// Options for the `Softmax` module.
struct TORCH_API SoftmaxOptions {
  SoftmaxOptions(int64_t dim) : dim_(dim) {}

  /// Dimension along which Softmax will be computed.
  TORCH_ARG(int64_t, dim);
};

namespace functional {

using ReLUFuncOptions = ReLUOptions;

/// Options for `torch::nn::functional::softmax`.
struct TORCH_API SoftmaxFuncOptions {
  SoftmaxFuncOptions(int64_t dim) : dim_(dim) {}

  /// Dimension along which Softmax will be computed.
  TORCH_ARG(int64_t, dim);

  /// the desired data type of returned tensor.
  TORCH_ARG(c10::optional<torch::Dtype>, dtype) = c10::nullopt;
};

/// Options for `torch::nn::functional::log_softmax`.
struct TORCH_API LogSoftmaxFuncOptions {
  LogSoftmaxFuncOptions(int64_t dim) : dim_(dim) {}

  /// Dimension along which LogSoftmax will be computed.
  TORCH_ARG(int64_t, dim);

  /// the desired data type of returned tensor.
  TORCH_ARG(c10::optional<torch::Dtype>, dtype) = c10::nullopt;
};

} // namespace functional

} // namespace nn
} // namespace torch
