#pragma once

#include <torch/torch.h>

#include <cstdint>

// A synthetic classification set kept in host memory: each example is one row
// of a feature matrix and its class, as a file-backed dataset would hand out.
class SyntheticDataset : public torch::data::datasets::Dataset<SyntheticDataset> {
public:
  SyntheticDataset(int64_t samples, int64_t features, int64_t classes, uint64_t seed);

  torch::data::Example<> get(size_t index) override;
  torch::optional<size_t> size() const override;

private:
  torch::Tensor features_;
  torch::Tensor labels_;
};
