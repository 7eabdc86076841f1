#pragma once
#include <torch/torch.h>

// Two datasets whose get is defined in data.cpp: one over host tensors,
// one over tensors it keeps on the GPU.
class HostSet : public torch::data::Dataset<HostSet> {
  torch::Tensor x_, y_;

public:
  HostSet();
  torch::data::Example<> get(size_t i) override;
  torch::optional<size_t> size() const override;
};

class GpuSet : public torch::data::Dataset<GpuSet> {
  torch::Tensor x_, y_;

public:
  GpuSet();
  torch::data::Example<> get(size_t i) override;
  torch::optional<size_t> size() const override;
};

// Transforms whose operator() is defined in data.cpp: one keeps its input's
// device, one moves it to the GPU.
struct Jitter : torch::data::transforms::TensorTransform<torch::Tensor> {
  torch::Tensor operator()(torch::Tensor input) override;
};
struct ToGpu : torch::data::transforms::TensorTransform<torch::Tensor> {
  torch::Tensor operator()(torch::Tensor input) override;
};
