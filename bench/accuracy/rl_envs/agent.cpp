#include "agent.h"

PolicyImpl::PolicyImpl(int obs, int actions)
    : l1(register_module("l1", torch::nn::Linear(obs, 64))),
      l2(register_module("l2", torch::nn::Linear(64, actions))) {}

torch::Tensor PolicyImpl::forward(torch::Tensor x) {
  return l2(torch::relu(l1(x)));
}

Agent::Agent(int obs, int actions, torch::Device device)
    : policy(obs, actions), device_(device),
      opt_((policy->to(device), policy->parameters()), torch::optim::AdamOptions(1e-3)) {}

std::vector<int64_t> Agent::act(const torch::Tensor& obs) {
  torch::NoGradGuard no_grad;
  auto best = policy->forward(obs).argmax(1).to(torch::kCPU);
  return std::vector<int64_t>(best.data_ptr<int64_t>(), best.data_ptr<int64_t>() + best.numel());
}

float Agent::update(const torch::Tensor& obs, const torch::Tensor& actions,
                    const std::vector<float>& returns) {
  // The returns, one host tensor per part of the batch, then on the device.
  std::vector<torch::Tensor> parts;
  const size_t half = returns.size() / 2;
  parts.push_back(torch::tensor(std::vector<float>(returns.begin(), returns.begin() + half)));
  parts.push_back(torch::tensor(std::vector<float>(returns.begin() + half, returns.end())));
  std::vector<torch::Tensor> on_device;
  for (size_t k = 0; k < parts.size(); ++k) on_device.push_back(parts[k].to(device_));
  auto target = torch::cat(on_device);

  torch::Tensor acts = actions;
  acts = acts.to(device_);
  auto logits = policy->forward(obs);
  auto taken = logits.gather(1, acts.unsqueeze(1)).squeeze(1);
  torch::Tensor weights = torch::ones({static_cast<int64_t>(returns.size())});
  weights = weights.to(device_);
  auto loss = ((taken - target).pow(2) * weights).mean();
  opt_.zero_grad();
  loss.backward();
  opt_.step();
  return loss.item<float>();
}
