#pragma once
// torchsync mock of torch/data/samplers/sequential.h (1.13), reduced.
#include <torch/data/samplers/base.h>

namespace torch {
namespace data {
namespace samplers {

class SequentialSampler : public Sampler<> {
 public:
  explicit SequentialSampler(size_t size);
  void reset(optional<size_t> new_size = nullopt) override;
  optional<std::vector<size_t>> next(size_t batch_size) override;
};

} // namespace samplers
} // namespace data
} // namespace torch
