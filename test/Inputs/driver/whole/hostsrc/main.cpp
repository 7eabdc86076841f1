#include "steps.h"
struct Rows : torch::data::datasets::Dataset<Rows> {
  torch::Tensor rows_ = torch::randn({100, 4}), labels_ = torch::zeros({100});
  torch::data::Example<> get(size_t i) override { return {rows_[i], labels_[i]}; }
  torch::optional<size_t> size() const override { return 100; }
};
int main(int argc, char **argv) {
  torch::Device device(argc > 1 ? torch::kCUDA : torch::kCPU);
  auto loader = torch::data::make_data_loader(Rows().map(torch::data::transforms::Stack<>()), 8);
  Trainer trainer{device};
  auto host = torch::randn({4});
  auto gpu = torch::randn({4}, torch::kCUDA);
  auto there = torch::randn({4}).to(device);
  float total = 0;
  for (int epoch = 0; epoch < 3; ++epoch) {
    for (auto &batch : *loader)
      total += trainer.step(batch);
    total += upload(host, device);
    total += mixed(host, device) + mixed(gpu, device);
    total += from_gpu(there, device);
  }
  return total > 0;
}
