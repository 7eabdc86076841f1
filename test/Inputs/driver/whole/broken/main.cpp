#include <torch/torch.h>

void step(const torch::Tensor &x);
void helper(const torch::Tensor &x, int n);

void train(int n) {
  auto x = torch::ones({2}).to(torch::kCUDA);
  for (int i = 0; i < n; ++i)
    step(x);
}

int main() {
  MPI_Init(0, 0); // Not declared: this file does not compile.
  train(10);
  helper(torch::ones({2}), 3);
}
