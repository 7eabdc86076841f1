#include <torch/torch.h>
int main() {
  auto x = torch::randn({4}, torch::kCUDA);
  float total = 0;
  for (int i = 0; i < 3; ++i)
    total += x.max().item<float>();
  return total > 0 ? 0 : 1;
}
