#pragma once
// torchsync mock of torch/csrc/api/include/torch/optim/adam.h (1.13).
#include <torch/arg.h>
#include <torch/optim/optimizer.h>
#include <torch/types.h>

#include <tuple>
#include <vector>

namespace torch {
namespace optim {

struct TORCH_API AdamOptions : public OptimizerCloneableOptions<AdamOptions> {
  AdamOptions(double lr = 1e-3);
  TORCH_ARG(double, lr) = 1e-3;
  typedef std::tuple<double, double> betas_t;
  TORCH_ARG(betas_t, betas) = std::make_tuple(0.9, 0.999);
  TORCH_ARG(double, eps) = 1e-8;
  TORCH_ARG(double, weight_decay) = 0;
  TORCH_ARG(bool, amsgrad) = false;

 public:
  ~AdamOptions() override = default;
  double get_lr() const override;
  void set_lr(const double lr) override;
};

struct TORCH_API AdamParamState
    : public OptimizerCloneableParamState<AdamParamState> {
  TORCH_ARG(int64_t, step) = 0;
  TORCH_ARG(torch::Tensor, exp_avg);
  TORCH_ARG(torch::Tensor, exp_avg_sq);
  TORCH_ARG(torch::Tensor, max_exp_avg_sq) = {};

 public:
  ~AdamParamState() override = default;
};

class TORCH_API Adam : public Optimizer {
 public:
  explicit Adam(
      std::vector<OptimizerParamGroup> param_groups,
      AdamOptions defaults = {});
  explicit Adam(std::vector<Tensor> params, AdamOptions defaults = {});

  torch::Tensor step(LossClosure closure = nullptr) override;
  void save(serialize::OutputArchive& archive) const override;
  void load(serialize::InputArchive& archive) override;
};

} // namespace optim
} // namespace torch
