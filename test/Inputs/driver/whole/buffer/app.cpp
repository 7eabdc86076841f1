#include <torch/torch.h>

float other(torch::Tensor t);

float enc(torch::Tensor t) {
  float s = 0;
  for (int i = 0; i < 3; ++i)
    s += t[i].item<float>();
  return s;
}

int main() {
  auto host = torch::randn({4});
  auto gpu = torch::randn({4}, torch::kCUDA);
  float s = 0;
  for (int i = 0; i < 10; ++i)
    s += enc(host) + other(gpu);
  return s > 0 ? 0 : 1;
}
