#pragma once
#include <torch/torch.h>

#include <random>
#include <vector>

// A pole-balancing toy environment simulated on the host.
struct Env {
  explicit Env(unsigned seed);
  void reset();
  // Applies an action; returns the reward.
  float step(int64_t action);
  torch::Tensor observe() const;  // a host tensor of 4 floats
  std::vector<float> state;
  std::mt19937 rng;
  int t = 0;
};

class EnvPool {
 public:
  EnvPool(int n, unsigned seed);
  int size() const { return static_cast<int>(envs_.size()); }
  // Writes each environment's observation into its row of `obs`.
  void observe_into(const torch::Tensor& obs) const;
  // Steps every environment; the rewards, one per environment.
  std::vector<float> step(const std::vector<int64_t>& actions);
  // An image of the pool's states, made of the rows of `features`.
  torch::Tensor render(const torch::Tensor& features) const;

 private:
  std::vector<Env> envs_;
};
