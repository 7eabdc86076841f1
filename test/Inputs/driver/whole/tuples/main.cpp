#include "loader.h"
int main(int argc, char **argv) {
  torch::Device device(argc > 1 ? torch::kCUDA : torch::kCPU);
  Loader loader;
  int64_t n = 0;
  for (int step = 0; step < 10; ++step) {
    auto batch = loader.next(8);
    auto x = std::get<0>(batch).to(device);
    auto y = std::get<1>(loader.next(8)).to(device);
    auto p = loader.pinned_pair(8);
    auto a = p.first.to(device);
    auto b = p.second.to(device);
    auto d = std::get<0>(loader.on_device(8)).to(device);
    n += x.size(0) + y.size(0) + a.size(0) + b.size(0) + d.size(0);
  }
  return n > 0;
}
