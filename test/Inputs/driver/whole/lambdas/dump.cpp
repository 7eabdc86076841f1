#include <torch/torch.h>
#include <vector>

int64_t stored(const std::vector<torch::Tensor> &ts) {
  auto show = [](const torch::Tensor &x) { return x.to(torch::kCPU).numel(); };
  int64_t n = 0;
  for (const auto &t : ts)
    n += show(t);
  return n;
}

int64_t constant(const std::vector<torch::Tensor> &ts) {
  static constexpr auto show = [](const torch::Tensor &x) {
    return x.to(torch::kCPU).numel();
  };
  int64_t n = 0;
  for (const auto &t : ts)
    n += show(t);
  return n;
}

int64_t once(const torch::Tensor &t) {
  auto show = [](const torch::Tensor &x) { return x.to(torch::kCPU).numel(); };
  return show(t);
}
