#pragma once
// torchsync mock of torch/data/dataloader.h (1.13), reduced: stateless data
// loaders only.
#include <torch/data/dataloader/stateless.h>
#include <torch/data/samplers/random.h>
#include <memory>
#include <type_traits>
#include <utility>

namespace torch {
namespace data {

template <typename Dataset, typename Sampler>
std::enable_if_t<
    !Dataset::is_stateful,
    std::unique_ptr<StatelessDataLoader<Dataset, Sampler>>>
make_data_loader(Dataset dataset, Sampler sampler, DataLoaderOptions options) {
  return std::make_unique<StatelessDataLoader<Dataset, Sampler>>(
      std::move(dataset), std::move(sampler), std::move(options));
}

template <typename Sampler = samplers::RandomSampler, typename Dataset>
std::enable_if_t<
    !Dataset::is_stateful && std::is_constructible<Sampler, size_t>::value,
    std::unique_ptr<StatelessDataLoader<Dataset, Sampler>>>
make_data_loader(
    Dataset dataset,
    DataLoaderOptions options = DataLoaderOptions()) {
  const optional<size_t> size = dataset.size();
  return make_data_loader(
      std::move(dataset), Sampler(*size), std::move(options));
}

} // namespace data
} // namespace torch
