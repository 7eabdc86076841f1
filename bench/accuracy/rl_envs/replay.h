#pragma once
#include <torch/torch.h>

#include <random>
#include <tuple>
#include <vector>

// Transitions kept on the host; batches handed out as tuples of host tensors.
class ReplayBuffer {
 public:
  explicit ReplayBuffer(size_t capacity);
  void add(const std::vector<float>& obs, int64_t action, float ret);
  size_t size() const { return actions_.size(); }
  // (observations [n, 4], actions [n]) drawn at random.
  std::tuple<torch::Tensor, torch::Tensor> sample(int64_t n);
  std::vector<float> returns(int64_t n) const;

 private:
  size_t capacity_;
  std::vector<std::vector<float>> obs_;
  std::vector<int64_t> actions_;
  std::vector<float> returns_;
  std::mt19937 rng_{7};
  std::vector<size_t> last_;
};
