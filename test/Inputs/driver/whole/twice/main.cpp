#include <torch/torch.h>
float enc(torch::Tensor t);
int main() {
#ifdef USE_CUDA
  auto x = torch::randn({4}, torch::kCUDA);
#else
  auto x = torch::randn({4});
#endif
  float s = 0;
  for (int i = 0; i < 10; ++i) s += enc(x);
  return s > 0;
}
