#include <torch/torch.h>
float step(torch::Tensor x);
int main() {
  auto gpu = torch::randn({4}, torch::kCUDA);
  float total = 0;
  for (int i = 0; i < 10; ++i) {
    auto b = torch::randn({4}).to(torch::kCUDA);
    total += step(gpu + b);
  }
  return total > 0;
}
