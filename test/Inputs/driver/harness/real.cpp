// A small program on the real LibTorch headers: two functions a harness can
// call, one it cannot (a module parameter), and main.
#include <torch/torch.h>

#include <iostream>

namespace {
double meanLoss(const torch::Tensor &logits, const torch::Tensor &target,
                int64_t steps, c10::Scalar scale, at::ScalarType dtype) {
  double total = 0;
  for (int64_t i = 0; i < steps; ++i)
    total += (logits.to(dtype) * scale).sub(target).abs().mean().item<double>();
  return total / steps;
}
} // namespace

static int64_t countPositive(torch::Tensor x, float threshold, bool verbose) {
  int64_t n = 0;
  for (int i = 0; i < 3; ++i)
    n += x.gt(threshold).sum().item<int64_t>();
  if (verbose)
    std::cout << n << '\n';
  return n;
}

float score(torch::nn::Linear &layer, const torch::Tensor &x) {
  float s = 0;
  for (int i = 0; i < 3; ++i)
    s += layer->forward(x).sum().item<float>();
  return s;
}

int main() {
  torch::nn::Linear layer(4, 2);
  auto x = torch::randn({8, 4}, torch::kCUDA);
  std::cout << meanLoss(x, x, 2, 1.0, torch::kFloat) + countPositive(x, 0, true) +
                   score(layer, x)
            << '\n';
}
