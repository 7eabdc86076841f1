#include <torch/torch.h>

float report(torch::Tensor loss) {
  auto gpu = loss.to(torch::kCUDA);
  return gpu.item<float>();
}
