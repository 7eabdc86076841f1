#pragma once
#include <torch/torch.h>
#include <utility>
#include <vector>

using Batches = std::vector<std::pair<torch::Tensor, torch::Tensor>>;

// Random minibatches of a sequence, host tensors (a template of a header).
template <typename T>
Batches make_batches(const std::vector<T> &seq, int count) {
  Batches out;
  for (int i = 0; i < count; ++i) {
    torch::Tensor x = torch::zeros({2, 4}), y = torch::zeros({2, 4});
    out.push_back({x.clone().to(torch::kInt64), y.clone().to(torch::kInt64)});
  }
  return out;
}

// Defined in load.cpp.
std::vector<torch::Tensor> load_list(int count);
Batches load_cuda_batches(int count);
