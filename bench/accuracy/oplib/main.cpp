// Calls the bench_ops operators every step: on CUDA activations, and on a
// small host tensor that takes the CPU fallback.
//
// Usage: oplib [steps]
#include "ops.h"

#include <torch/torch.h>

#include <cstdlib>
#include <iostream>

int main(int argc, char* argv[]) {
  const int steps = argc > 1 ? std::atoi(argv[1]) : 200;
  torch::manual_seed(0);
  TORCH_CHECK(torch::cuda::is_available(), "oplib needs a CUDA device");
  const auto cuda = torch::TensorOptions().device(torch::kCUDA);

  int64_t above = 0, host_above = 0, kept = 0;
  auto acc = torch::zeros({1 << 16}, cuda);
  for (int step = 0; step < steps; ++step) {
    auto x = torch::randn({1 << 16}, cuda);
    acc = bench_ops::scale_add(acc, x, 0.1);
    auto big = bench_ops::compact(x, 1.0);
    kept += big.numel();
    above += bench_ops::count_above(x, 2.0);

    auto host = torch::randn({512});
    host_above += bench_ops::count_above(host, 1.0);
    auto host_big = bench_ops::compact(host, 1.5);
    kept += host_big.numel();
  }
  std::cout << "kept " << kept << " above " << above << " host above " << host_above
            << " acc " << acc.abs().sum().item<float>() << '\n';
  return 0;
}
