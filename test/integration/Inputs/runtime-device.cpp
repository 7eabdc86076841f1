// The device is chosen at run time, as in the LibTorch tutorials: the
// program must run the same on a machine without CUDA after --fix.
#include <torch/torch.h>
#include <cstdio>

int main() {
  torch::manual_seed(0);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  auto weights = torch::ones({4}, device);
  auto acc = torch::zeros({4}, device);
  for (int i = 0; i < 3; ++i) {
    auto noise = torch::arange(4, torch::kFloat) * i;
    auto moved = noise.to(device);
    acc.copy_(noise);
    weights = weights + moved * acc;
  }
  auto host = weights.to(torch::kCPU);
  std::printf("%.1f %.1f %.1f %.1f\n", host[0].item<float>(),
              host[1].item<float>(), host[2].item<float>(),
              host[3].item<float>());
  return 0;
}
