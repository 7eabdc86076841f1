#pragma once
#include <torch/torch.h>
#include <tuple>
#include <utility>

// A user data loader (not torch::data): batches as tuples and pairs.
class Loader {
public:
  std::tuple<torch::Tensor, torch::Tensor> next(int n);
  std::pair<torch::Tensor, torch::Tensor> pinned_pair(int n);
  std::tuple<torch::Tensor, torch::Tensor> on_device(int n);
  std::tuple<torch::Tensor, int> opaque(int n);
};
