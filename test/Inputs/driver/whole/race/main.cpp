#include <torch/torch.h>
int main() {
  auto t = torch::randn({4});
  return t.sum().item<float>() > 0 ? 0 : 1;
}
