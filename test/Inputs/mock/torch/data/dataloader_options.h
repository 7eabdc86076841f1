#pragma once
// torchsync mock of torch/data/dataloader_options.h (1.13), reduced.
#include <torch/arg.h>
#include <torch/types.h>
#include <cstddef>

namespace torch {
namespace data {

/// Options to configure a `DataLoader`.
struct DataLoaderOptions {
  DataLoaderOptions() = default;
  /* implicit */ DataLoaderOptions(size_t batch_size)
      : batch_size_(batch_size) {}

  TORCH_ARG(size_t, batch_size) = 1;
  TORCH_ARG(size_t, workers) = 0;
  TORCH_ARG(bool, enforce_ordering) = true;
  TORCH_ARG(bool, drop_last) = false;
};

} // namespace data
} // namespace torch
