#include "data.h"

// What the loader yields is a vector of examples (no Stack transform).
torch::Tensor collate(std::vector<torch::data::Example<>> &batch, torch::Device &device) {
  std::vector<torch::Tensor> images;
  for (const auto &example : batch)
    images.push_back(example.data);
  return torch::stack(images, 0).to(device);
}

torch::Tensor loss_of(const torch::Tensor &out, const torch::Tensor &anchors) {
  auto anchors_dev = anchors.to(out.device());
  return out.sum() + anchors_dev.sum();
}

void train(torch::nn::Linear &model, torch::Device &device, Images images,
           const std::vector<torch::Tensor> &val, const torch::Tensor &anchors) {
  auto loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
      std::move(images), torch::data::DataLoaderOptions().batch_size(4));
  for (int epoch = 0; epoch < 3; ++epoch) {
    for (auto &batch : *loader) {
      auto x = collate(batch, device);
      loss_of(model->forward(x), anchors).backward();
    }
    validate(model, device, val);
  }
}
