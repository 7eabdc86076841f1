#include <torch/torch.h>

void hoist_index(int steps) {
  auto x = torch::randn({16, 8}, torch::kCUDA);
  auto idx = torch::tensor({0, 2, 5});
  for (int i = 0; i < steps; ++i) {
    auto r = x.index({idx});
    (void)r;
  }
  (void)idx.numel(); // Another use: the copy is hoisted (a new line).
}

void clip(torch::nn::Linear model) {
  for (int i = 0; i < 10; ++i) {
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
  }
}

float race(torch::Tensor d) {
  auto h = d.to(torch::kCPU, /*non_blocking=*/true);
  return h[0].item<float>();
}

double running_sum(int steps) {
  auto x = torch::randn({16, 8}, torch::kCUDA);
  double total = 0;
  for (int i = 0; i < steps; ++i) {
    total += x.sum().item<double>();
  }
  return total;
}
