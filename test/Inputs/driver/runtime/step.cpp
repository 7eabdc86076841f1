#include <torch/torch.h>
float step(torch::Tensor x, torch::Tensor y) {
  auto dev = torch::kCUDA;
  float total = 0;
  for (int i = 0; i < 100; ++i) {
    total += x.sum().item<float>();
    auto w = torch::ones({4}).to(dev);
    torch::cuda::synchronize();
    total += y.max().item<float>();
  }
  return total;
}
