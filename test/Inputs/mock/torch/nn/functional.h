#pragma once
// torchsync mock of torch/nn/functional.h + torch/nn/functional/*.h (1.13),
// reduced. Public API is in torch::nn::functional; the positional-argument
// versions live in torch::nn::functional::detail as in LibTorch.
#include <torch/nn/options/activation.h>
#include <torch/nn/options/dropout.h>
#include <torch/nn/options/loss.h>
#include <torch/types.h>

#include <cstdint>

namespace torch {
namespace nn {
namespace functional {

namespace detail {
inline Tensor relu(Tensor input, bool inplace) {
  if (inplace) {
    return torch::relu_(input);
  } else {
    return torch::relu(input);
  }
}
Tensor softmax(
    const Tensor& input,
    int64_t dim,
    c10::optional<torch::Dtype> dtype);
Tensor log_softmax(
    const Tensor& input,
    int64_t dim,
    c10::optional<torch::Dtype> dtype);
Tensor dropout(Tensor input, double p, bool training, bool inplace);
Tensor mse_loss(
    const Tensor& input,
    const Tensor& target,
    MSELossFuncOptions::reduction_t reduction);
Tensor nll_loss(
    const Tensor& input,
    const Tensor& target,
    const Tensor& weight,
    int64_t ignore_index,
    const NLLLossFuncOptions::reduction_t reduction);
Tensor cross_entropy(
    const Tensor& input,
    const Tensor& target,
    const Tensor& weight,
    int64_t ignore_index,
    CrossEntropyFuncOptions::reduction_t reduction,
    double label_smoothing);
} // namespace detail

/// See https://pytorch.org/docs/master/nn.functional.html#torch.nn.functional.relu
inline Tensor relu(Tensor input, const ReLUFuncOptions& options = {}) {
  return detail::relu(input, options.inplace());
}

inline Tensor softmax(const Tensor& input, const SoftmaxFuncOptions& options) {
  return detail::softmax(input, options.dim(), options.dtype());
}

inline Tensor log_softmax(
    const Tensor& input,
    const LogSoftmaxFuncOptions& options) {
  return detail::log_softmax(input, options.dim(), options.dtype());
}

inline Tensor dropout(Tensor input, const DropoutFuncOptions& options = {}) {
  return detail::dropout(
      input, options.p(), options.training(), options.inplace());
}

inline Tensor one_hot(const Tensor& tensor, int64_t num_classes = -1) {
  return torch::one_hot(tensor, num_classes);
}

inline Tensor mse_loss(
    const Tensor& input,
    const Tensor& target,
    const MSELossFuncOptions& options = {}) {
  return detail::mse_loss(input, target, options.reduction());
}

inline Tensor nll_loss(
    const Tensor& input,
    const Tensor& target,
    const NLLLossFuncOptions& options = {}) {
  return detail::nll_loss(
      input,
      target,
      options.weight(),
      options.ignore_index(),
      options.reduction());
}

inline Tensor cross_entropy(
    const Tensor& input,
    const Tensor& target,
    const CrossEntropyFuncOptions& options = {}) {
  return detail::cross_entropy(
      input,
      target,
      options.weight(),
      options.ignore_index(),
      options.reduction(),
      options.label_smoothing());
}

} // namespace functional
} // namespace nn
} // namespace torch
