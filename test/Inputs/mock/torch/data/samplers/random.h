#pragma once
// torchsync mock of torch/data/samplers/random.h (1.13), reduced.
#include <torch/data/samplers/base.h>

namespace torch {
namespace data {
namespace samplers {

class RandomSampler : public Sampler<> {
 public:
  explicit RandomSampler(int64_t size, Dtype index_dtype = torch::kInt64);
  void reset(optional<size_t> new_size = nullopt) override;
  optional<std::vector<size_t>> next(size_t batch_size) override;
};

} // namespace samplers
} // namespace data
} // namespace torch
