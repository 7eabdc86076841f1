// Functions a harness can call: tensors and arithmetic scalars only.
#include <torch/torch.h>

namespace {
float total(const torch::Tensor &x, int64_t n) {
  float s = 0;
  for (int64_t i = 0; i < n; ++i)
    s += x.sum().item<float>();
  return s;
}
} // namespace

namespace ops {
static double scaled(torch::Tensor x, double f, bool flag, c10::Scalar s,
                     c10::ScalarType t) {
  double r = 0;
  for (int i = 0; i < 3; ++i)
    r += x.mul(f).sum().item<double>();
  return r;
}

float over(torch::Tensor x) { return 0; }
float over(torch::Tensor &&x, int k) {
  float r = 0;
  for (int i = 0; i < k; ++i)
    r += x.sum().item<float>();
  return r;
}
} // namespace ops

struct Stats {
  static float mean(torch::Tensor &x) {
    float r = 0;
    for (int i = 0; i < 3; ++i)
      r += x.mean().item<float>();
    return r;
  }
};

int main(int argc, char **argv) {
  auto x = torch::randn({4}, torch::kCUDA);
  return total(x, argc) + Stats::mean(x) > 0;
}
