#include <torch/torch.h>
float readLoss(const torch::Tensor &t);
float step(const torch::Tensor &x) {
  torch::Tensor y = (x * 2).to(torch::kCUDA);
  return readLoss(y.sum());
}
int main() { return step(torch::ones({4})) > 0; }
