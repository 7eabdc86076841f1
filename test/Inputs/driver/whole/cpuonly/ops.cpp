#include <torch/torch.h>
// A CPU-only program: no CUDA device, .cuda() or CUDA header anywhere.
float total(torch::Tensor t) {
  float s = 0;
  for (int i = 0; i < 3; ++i)
    s += t[i].item<float>();
  return s;
}
