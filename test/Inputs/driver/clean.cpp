#include <torch/torch.h>
// No syncs in a loop: torchsync exits 0.
int main() {
  auto x = torch::randn({4}, torch::kCUDA);
  for (int i = 0; i < 3; ++i)
    x = x * 2;
  return x.sum().item<float>() > 0 ? 0 : 1;
}
