#pragma once
#include <torch/torch.h>

#include <vector>

struct PolicyImpl : torch::nn::Module {
  PolicyImpl(int obs, int actions);
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear l1{nullptr}, l2{nullptr};
};
TORCH_MODULE(Policy);

class Agent {
 public:
  Agent(int obs, int actions, torch::Device device);
  // Greedy actions for a batch of observations, on the host.
  std::vector<int64_t> act(const torch::Tensor& obs);
  // One update on a batch; the loss.
  float update(const torch::Tensor& obs, const torch::Tensor& actions,
               const std::vector<float>& returns);
  torch::Device device() const { return device_; }
  Policy policy;

 private:
  torch::Device device_;
  torch::optim::Adam opt_;
};
