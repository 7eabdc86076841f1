#include "model.h"
int main(int argc, char **argv) {
  torch::Device device(argc > 1 ? torch::kCUDA : torch::kCPU);
  Archive archive;
  Model model(archive, device);
  int64_t n = 0;
  for (int step = 0; step < 10; ++step) {
    model.reload(archive, device);
    n += model.size() + to_device(torch::ones({2}), device).size(0);
  }
  return n > 0;
}
