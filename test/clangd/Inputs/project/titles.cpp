#include <torch/torch.h>

struct Stats {
  void reset() {};
};
int *Unset = 0;

void step() {
  auto x = torch::randn({64}, torch::kCUDA);
  auto valid = x.isfinite();
  for (int i = 0; i < 10; ++i) {
    auto total = x.masked_select(valid).sum();
    auto batch = torch::rand({64});
    auto gpu = batch.to(torch::kCUDA, /*non_blocking=*/true);
    auto up = torch::randn({8, 4}).to(torch::kCUDA);
    auto host = gpu.cpu();
    (void)total;
    (void)up;
    (void)host;
  }
}
