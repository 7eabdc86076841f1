#pragma once
// torchsync mock of torch/data/dataloader/base.h (1.13), reduced.
#include <torch/data/dataloader_options.h>
#include <torch/data/iterator.h>

namespace torch {
namespace data {

template <typename Dataset, typename Batch, typename BatchRequest>
class DataLoaderBase {
 public:
  using BatchType = Batch;
  using BatchRequestType = BatchRequest;

  DataLoaderBase(DataLoaderOptions options) : options_(options) {}
  virtual ~DataLoaderBase() = default;

  Iterator<Batch> begin();
  Iterator<Batch> end();
  void join();
  const DataLoaderOptions& options() const noexcept { return options_; }

 private:
  DataLoaderOptions options_;
};

} // namespace data
} // namespace torch
