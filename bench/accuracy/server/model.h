#pragma once

#include <torch/torch.h>

#include <cstdint>

// Scores a padded set of rows per request: row encoder, masked max-pool, head.
struct ScorerImpl : torch::nn::Module {
  ScorerImpl(int64_t in, int64_t hidden, int64_t classes);
  torch::Tensor forward(const torch::Tensor& inputs, const torch::Tensor& lengths);

  torch::nn::Linear encode{nullptr}, head{nullptr};
};
TORCH_MODULE(Scorer);
