#pragma once
// torchsync mock of torch/csrc/api/include/torch/optim/sgd.h (1.13).
#include <torch/arg.h>
#include <torch/optim/optimizer.h>
#include <torch/types.h>

#include <vector>

namespace torch {
namespace optim {

struct TORCH_API SGDOptions : public OptimizerCloneableOptions<SGDOptions> {
  SGDOptions(double lr);
  TORCH_ARG(double, lr);
  TORCH_ARG(double, momentum) = 0;
  TORCH_ARG(double, dampening) = 0;
  TORCH_ARG(double, weight_decay) = 0;
  TORCH_ARG(bool, nesterov) = false;

 public:
  ~SGDOptions() override = default;
  double get_lr() const override;
  void set_lr(const double lr) override;
};

struct TORCH_API SGDParamState
    : public OptimizerCloneableParamState<SGDParamState> {
  TORCH_ARG(torch::Tensor, momentum_buffer);

 public:
  ~SGDParamState() override = default;
};

class TORCH_API SGD : public Optimizer {
 public:
  explicit SGD(
      std::vector<OptimizerParamGroup> param_groups,
      SGDOptions defaults);

  explicit SGD(std::vector<Tensor> params, SGDOptions defaults);

  torch::Tensor step(LossClosure closure = nullptr) override;

  void save(serialize::OutputArchive& archive) const override;
  void load(serialize::InputArchive& archive) override;
};

} // namespace optim
} // namespace torch
