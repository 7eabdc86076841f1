#include <torch/torch.h>

void step(const torch::Tensor &x) {
  if (x.sum().item<float>() > 0)
    return;
}

void helper(const torch::Tensor &x, int n) {
  for (int i = 0; i < n; ++i)
    if (x.item<float>() > 0)
      return;
}
