#pragma once
// torchsync mock of torch/data/samplers/base.h (1.13), reduced.
#include <torch/types.h>
#include <cstddef>
#include <vector>

namespace torch {
namespace data {
namespace samplers {

template <typename BatchRequest = std::vector<size_t>>
class Sampler {
 public:
  using BatchRequestType = BatchRequest;
  virtual ~Sampler() = default;
  virtual void reset(optional<size_t> new_size) = 0;
  virtual optional<BatchRequest> next(size_t batch_size) = 0;
};

} // namespace samplers
} // namespace data
} // namespace torch
