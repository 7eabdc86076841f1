#pragma once
// torchsync mock of torch/data/transforms/tensor.h (1.13).
#include <torch/data/example.h>
#include <torch/data/transforms/base.h>
#include <torch/types.h>
#include <c10/util/std_function.h>
#include <utility>

namespace torch {
namespace data {
namespace transforms {

template <typename Target = Tensor>
class TensorTransform
    : public Transform<Example<Tensor, Target>, Example<Tensor, Target>> {
 public:
  using E = Example<Tensor, Target>;
  using typename Transform<E, E>::InputType;
  using typename Transform<E, E>::OutputType;
  virtual Tensor operator()(Tensor input) = 0;
  OutputType apply(InputType input) override {
    input.data = (*this)(std::move(input.data));
    return input;
  }
};

template <typename Target = Tensor>
class TensorLambda : public TensorTransform<Target> {
 public:
  using FunctionType = std::function<Tensor(Tensor)>;
  explicit TensorLambda(FunctionType function)
      : function_(std::move(function)) {}
  Tensor operator()(Tensor input) override {
    return function_(std::move(input));
  }

 private:
  FunctionType function_;
};

template <typename Target = Tensor>
struct Normalize : public TensorTransform<Target> {
  Normalize(double mean, double stddev)
      : mean(torch::tensor(mean)), stddev(torch::tensor(stddev)) {}
  torch::Tensor operator()(Tensor input) override {
    return input.sub(mean).div(stddev);
  }
  torch::Tensor mean, stddev;
};

} // namespace transforms
} // namespace data
} // namespace torch
