#include "data.h"

// Batches of the vectors it is given, stacked and copied to the device.
double evaluate(torch::nn::Linear &model, torch::Device &device,
                std::vector<torch::Tensor> &images,
                std::vector<torch::Tensor> &labels) {
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

void train(torch::nn::Linear &model, torch::Device &device,
           std::vector<torch::Tensor> &images, std::vector<torch::Tensor> &labels,
           std::vector<torch::Tensor> &val_images,
           std::vector<torch::Tensor> &val_labels) {
  for (int epoch = 0; epoch < 3; ++epoch) {
    for (size_t i = 0; i < images.size(); ++i) {
      auto x = images[i].to(device);
      auto y = labels[i].to(device);
      torch::mse_loss(model->forward(x), y).backward();
    }
    auto first = val_images.front().to(device);
    evaluate(model, device, val_images, val_labels);
  }
}

double predict(torch::nn::Linear &model, torch::Device &device,
               std::vector<torch::Tensor> &images) {
  double total = 0;
  for (auto &image : images)
    total += model->forward(image.to(device)).sum().item<double>();
  return total;
}
