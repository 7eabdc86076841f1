#include "envs.h"

#include <cmath>

Env::Env(unsigned seed) : state(4, 0.f), rng(seed) { reset(); }

void Env::reset() {
  std::uniform_real_distribution<float> u(-0.05f, 0.05f);
  for (auto& s : state) s = u(rng);
  t = 0;
}

float Env::step(int64_t action) {
  const float force = action == 1 ? 1.f : -1.f;
  state[1] += 0.02f * force;
  state[0] += 0.02f * state[1];
  state[3] += 0.02f * (9.8f * std::sin(state[2]) - force * std::cos(state[2]));
  state[2] += 0.02f * state[3];
  if (++t > 200 || std::fabs(state[2]) > 0.21f) reset();
  return 1.f;
}

torch::Tensor Env::observe() const {
  return torch::tensor(state);
}

EnvPool::EnvPool(int n, unsigned seed) {
  for (int i = 0; i < n; ++i) envs_.emplace_back(seed + i);
}

void EnvPool::observe_into(const torch::Tensor& obs) const {
  for (int i = 0; i < size(); ++i) {
    torch::Tensor h = envs_[i].observe();
    obs[i] = h;
  }
}

std::vector<float> EnvPool::step(const std::vector<int64_t>& actions) {
  std::vector<float> rewards;
  for (int i = 0; i < size(); ++i) rewards.push_back(envs_[i].step(actions[i]));
  return rewards;
}

torch::Tensor EnvPool::render(const torch::Tensor& features) const {
  auto grid = torch::full({size(), 4}, 0.0, features.dtype());
  for (int k = 0; k < size(); ++k) grid.narrow(0, k, 1).copy_(features[k].unsqueeze(0));
  return grid;
}
