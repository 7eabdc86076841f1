#pragma once
#include <torch/torch.h>

// A dataset over host tensors kept in vectors, and helpers of another file.
class Images : public torch::data::Dataset<Images> {
  std::vector<torch::Tensor> images_, targets_;

public:
  Images(std::vector<torch::Tensor> &images, std::vector<torch::Tensor> &targets);
  torch::data::Example<> get(size_t index) override;
  torch::optional<size_t> size() const override;
};

torch::Tensor make_anchors(int size);
double validate(torch::nn::Linear &model, torch::Device &device,
                const std::vector<torch::Tensor> &images);
