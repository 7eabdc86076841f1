#include "data.h"

void train(torch::nn::Linear &model, torch::Device &device, Images images,
           const std::vector<torch::Tensor> &val, const torch::Tensor &anchors);

int main() {
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA);
  torch::nn::Linear model(4, 4);
  model->to(device);
  std::vector<torch::Tensor> images, targets, val;
  for (int i = 0; i < 16; ++i) {
    images.push_back(torch::rand({4}));
    targets.push_back(torch::zeros({1}));
    val.push_back(torch::rand({4}));
  }
  train(model, device, Images(images, targets), val, make_anchors(64));
}
