#include "batches.h"

std::vector<torch::Tensor> load_list(int count) {
  std::vector<torch::Tensor> out;
  for (int i = 0; i < count; ++i)
    out.push_back(torch::rand({4}));
  return out;
}

Batches load_cuda_batches(int count) {
  Batches out;
  for (int i = 0; i < count; ++i)
    out.emplace_back(torch::rand({4}, torch::kCUDA), torch::rand({4}, torch::kCUDA));
  return out;
}
