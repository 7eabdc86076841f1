#include "dev.h"
int main() {
  auto x = torch::randn({4}, DEV);
  auto g = torch::randn({1}, torch::kCUDA);
  float s = 0;
  for (int i = 0; i < 10; ++i) s += enc(x);
  return s > 0;
}
