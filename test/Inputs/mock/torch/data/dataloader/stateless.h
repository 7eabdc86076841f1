#pragma once
// torchsync mock of torch/data/dataloader/stateless.h (1.13), reduced.
#include <torch/data/dataloader/base.h>
#include <utility>

namespace torch {
namespace data {

template <typename Dataset, typename Sampler>
class StatelessDataLoader : public DataLoaderBase<
                                Dataset,
                                typename Dataset::BatchType,
                                typename Sampler::BatchRequestType> {
 public:
  using super = DataLoaderBase<
      Dataset,
      typename Dataset::BatchType,
      typename Sampler::BatchRequestType>;

  StatelessDataLoader(
      Dataset dataset,
      Sampler sampler,
      DataLoaderOptions options)
      : super(options),
        dataset_(std::move(dataset)),
        sampler_(std::move(sampler)) {}

 private:
  Dataset dataset_;
  Sampler sampler_;
};

} // namespace data
} // namespace torch
