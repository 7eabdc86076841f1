#include "data.h"

int main() {
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA);
  torch::nn::Linear model(4, 4);
  model->to(device);
  auto [images, labels] = load_split(16);
  auto [val_images, val_labels] = load_split(8);
  train(model, device, images, labels, val_images, val_labels);
  // Kept elsewhere: not known to be host tensors.
  auto [test_images, test_labels] = load_cached(8);
  for (int round = 0; round < 2; ++round)
    predict(model, device, test_images);
}
