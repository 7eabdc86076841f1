#include <torch/torch.h>
struct Trainer {
  torch::Device device_;
  float step(torch::data::Example<> &batch);
};
float upload(const torch::Tensor &x, torch::Device device);
float mixed(const torch::Tensor &x, torch::Device device);
float from_gpu(const torch::Tensor &x, torch::Device device);
float api(const torch::Tensor &x, torch::Device device);
