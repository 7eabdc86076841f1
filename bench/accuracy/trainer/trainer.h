#pragma once

#include "model.h"

#include <torch/torch.h>

#include <cstdint>


// One optimizer step per call; keeps running statistics for the epoch.
class Trainer {
public:
  Trainer(Classifier model, torch::Device device, double lr);

  torch::Tensor step(torch::data::Example<>& batch);
  float evaluate(const torch::Tensor& x, const torch::Tensor& y);
  double mean_loss() const { return steps_ ? loss_sum_ / steps_ : 0.0; }
  double accuracy() const { return seen_ ? static_cast<double>(correct_) / seen_ : 0.0; }
  void reset();

private:
  Classifier model_;
  torch::Device device_;
  torch::optim::AdamW optimizer_;
  double loss_sum_ = 0.0;
  int64_t steps_ = 0;
  int64_t correct_ = 0;
  int64_t seen_ = 0;
};
