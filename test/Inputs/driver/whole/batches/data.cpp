#include "data.h"

Images::Images(std::vector<torch::Tensor> &images, std::vector<torch::Tensor> &targets)
    : images_(images), targets_(targets) {}

torch::data::Example<> Images::get(size_t index) {
  return {images_[index].clone(), targets_[index].clone()};
}

torch::optional<size_t> Images::size() const { return images_.size(); }

// Host anchors: a grid per level, concatenated.
torch::Tensor make_anchors(int size) {
  std::vector<torch::Tensor> levels;
  for (int stride : {8, 16}) {
    auto steps = torch::arange(size / stride, torch::kFloat32);
    auto grids = torch::meshgrid({steps, steps}, "ij");
    levels.push_back(torch::stack({grids[0], grids[1]}, -1).reshape({-1, 2}));
  }
  return torch::cat(levels, 0);
}

// Batches of the images it is given, stacked and copied to the device.
double validate(torch::nn::Linear &model, torch::Device &device,
                const std::vector<torch::Tensor> &images) {
  double total = 0;
  for (size_t start = 0; start + 4 <= images.size(); start += 4) {
    std::vector<torch::Tensor> batch;
    for (size_t i = start; i < start + 4; ++i)
      batch.push_back(images[i]);
    auto input = torch::stack(batch).to(device);
    total += model->forward(input).sum().item<double>();
  }
  return total;
}
