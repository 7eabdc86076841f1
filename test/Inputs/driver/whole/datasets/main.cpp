#include "data.h"

int main() {
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA);
  torch::nn::Linear model(4, 1);
  model->to(device);
  auto host = torch::data::make_data_loader(
      HostSet().map(torch::data::transforms::Stack<>()), 8);
  auto gpu = torch::data::make_data_loader(
      GpuSet().map(torch::data::transforms::Stack<>()), 8);
  for (int epoch = 0; epoch < 3; ++epoch) {
    for (auto &batch : *host) {
      auto x = batch.data.to(device);
      torch::mse_loss(model->forward(x), batch.target.to(device)).backward();
    }
    for (auto &batch : *gpu) {
      auto x = batch.data.to(device);
      torch::mse_loss(model->forward(x), batch.target.to(device)).backward();
    }
    auto jittered = torch::data::make_data_loader(
        HostSet().map(Jitter()).map(torch::data::transforms::Stack<>()), 8);
    for (auto &batch : *jittered)
      model->forward(batch.data.to(device));
    auto moved = torch::data::make_data_loader(
        HostSet().map(ToGpu()).map(torch::data::transforms::Stack<>()), 8);
    for (auto &batch : *moved)
      model->forward(batch.data.to(device));
  }
}
