#include "replay.h"

ReplayBuffer::ReplayBuffer(size_t capacity) : capacity_(capacity) {}

void ReplayBuffer::add(const std::vector<float>& obs, int64_t action, float ret) {
  if (actions_.size() == capacity_) {
    obs_.erase(obs_.begin());
    actions_.erase(actions_.begin());
    returns_.erase(returns_.begin());
  }
  obs_.push_back(obs);
  actions_.push_back(action);
  returns_.push_back(ret);
}

std::tuple<torch::Tensor, torch::Tensor> ReplayBuffer::sample(int64_t n) {
  std::uniform_int_distribution<size_t> pick(0, actions_.size() - 1);
  auto obs = torch::empty({n, 4});
  auto acts = torch::empty({n}, torch::kLong);
  last_.clear();
  for (int64_t i = 0; i < n; ++i) {
    const size_t k = pick(rng_);
    last_.push_back(k);
    for (int j = 0; j < 4; ++j) obs[i][j] = obs_[k][j];
    acts[i] = actions_[k];
  }
  return std::make_tuple(obs, acts);
}

std::vector<float> ReplayBuffer::returns(int64_t n) const {
  std::vector<float> out;
  for (int64_t i = 0; i < n; ++i) out.push_back(returns_[last_[i]]);
  return out;
}
