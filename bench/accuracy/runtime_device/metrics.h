#pragma once

#include <torch/torch.h>

// Running click-through metrics, reported every few steps.
class Metrics {
public:
  void update(const torch::Tensor& logits, const torch::Tensor& labels);
  void report(int step, const torch::Tensor& loss);

private:
  double hits_ = 0;
  double total_ = 0;
};
