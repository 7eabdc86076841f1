#pragma once
// torchsync mock of torch/data/datasets/mnist.h (1.13).
#include <torch/data/datasets/base.h>
#include <torch/data/example.h>
#include <torch/types.h>
#include <cstddef>
#include <string>

namespace torch {
namespace data {
namespace datasets {

/// The MNIST dataset.
class MNIST : public Dataset<MNIST> {
 public:
  enum class Mode { kTrain, kTest };

  explicit MNIST(const std::string& root, Mode mode = Mode::kTrain);
  Example<> get(size_t index) override;
  optional<size_t> size() const override;
  bool is_train() const noexcept;
  const Tensor& images() const;
  const Tensor& targets() const;

 private:
  Tensor images_, targets_;
};

} // namespace datasets
} // namespace data
} // namespace torch
