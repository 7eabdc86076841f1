#pragma once
// torchsync mock of torch/nn/modules/activation.h (1.13), reduced.
#include <torch/nn/cloneable.h>
#include <torch/nn/options/activation.h>
#include <torch/nn/pimpl.h>
#include <torch/types.h>

#include <ostream>

namespace torch {
namespace nn {

/// Applies the ReLU function element-wise.
class TORCH_API ReLUImpl : public torch::nn::Cloneable<ReLUImpl> {
 public:
  explicit ReLUImpl(const ReLUOptions& options_ = {});

  Tensor forward(Tensor input);

  void reset() override;

  /// Pretty prints the `ReLU` module into the given `stream`.
  void pretty_print(std::ostream& stream) const override;

  /// The options with which this `Module` was constructed.
  ReLUOptions options;
};

/// A `ModuleHolder` subclass for `ReLUImpl`.
TORCH_MODULE(ReLU);

} // namespace nn
} // namespace torch
