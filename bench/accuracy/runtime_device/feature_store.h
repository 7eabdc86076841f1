#pragma once

#include <torch/torch.h>

#include <cstdint>

// Host-side feature store: dense features and click labels per item id.
class FeatureStore {
public:
  FeatureStore(int64_t items, int64_t dim);

  // Features and labels of a random batch of item ids, on `device`.
  std::pair<torch::Tensor, torch::Tensor> sample(int64_t batch, const torch::Device& device);

private:
  torch::Tensor dense_;
  torch::Tensor clicks_;
};
