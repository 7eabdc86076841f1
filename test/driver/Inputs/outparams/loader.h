#pragma once
#include <torch/torch.h>
#include <tuple>
#include <utility>
#include <vector>

// A user data loader (not torch::data) that fills its batches through
// out-parameters.
class Loader {
public:
  void next(std::tuple<torch::Tensor, torch::Tensor> &out);
  bool next_batch(torch::Tensor &x, torch::Tensor &y);
  void fill(std::pair<torch::Tensor, torch::Tensor> &p);
  void fill_vec(std::vector<torch::Tensor> &v);
  void on_device(torch::Tensor &x);
  void opaque(torch::Tensor &x);
};
