#pragma once
// torchsync mock of torch/csrc/api/include/torch/optim/lbfgs.h (1.13).
// LBFGS::step(closure) reads the loss with item<double>() (host sync).
#include <c10/util/Optional.h>
#include <torch/arg.h>
#include <torch/optim/optimizer.h>
#include <torch/types.h>

#include <string>
#include <vector>

namespace torch {
namespace optim {

struct TORCH_API LBFGSOptions : public OptimizerCloneableOptions<LBFGSOptions> {
  LBFGSOptions(double lr = 1);
  TORCH_ARG(double, lr) = 1;
  TORCH_ARG(int64_t, max_iter) = 20;
  TORCH_ARG(c10::optional<int64_t>, max_eval) = c10::nullopt;
  TORCH_ARG(double, tolerance_grad) = 1e-7;
  TORCH_ARG(double, tolerance_change) = 1e-9;
  TORCH_ARG(int64_t, history_size) = 100;
  TORCH_ARG(c10::optional<std::string>, line_search_fn) = c10::nullopt;

 public:
  ~LBFGSOptions() override = default;
  double get_lr() const override;
  void set_lr(const double lr) override;
};

class TORCH_API LBFGS : public Optimizer {
 public:
  explicit LBFGS(
      std::vector<OptimizerParamGroup> param_groups,
      LBFGSOptions defaults = {});
  explicit LBFGS(std::vector<Tensor> params, LBFGSOptions defaults = {});

  Tensor step(LossClosure closure) override;
  void save(serialize::OutputArchive& archive) const override;
  void load(serialize::InputArchive& archive) override;
};

} // namespace optim
} // namespace torch
