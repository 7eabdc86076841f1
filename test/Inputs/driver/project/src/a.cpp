#include <torch/torch.h>
#include "shared.h"
float run_a() {
  auto x = torch::randn({4}, torch::kCUDA);
  float total = 0;
  for (int i = 0; i < kSteps; ++i)
    total += x.sum().item<float>();
  return total;
}
