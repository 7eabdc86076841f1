#include "corpus.h"
int main(int argc, char **argv) {
  torch::Device device(argc > 1 ? torch::kCUDA : torch::kCPU);
  Corpus corpus;
  auto ids = corpus.get_data(20);
  auto gpu = corpus.gpu_data(20);
  auto tokens = corpus.tokens(20);
  int64_t n = 0;
  for (int64_t i = 0; i < 10; ++i) {
    auto x = ids.index({torch::indexing::Slice(), i}).to(device);
    auto y = gpu.index({torch::indexing::Slice(), i}).to(device);
    auto z = tokens.index({torch::indexing::Slice(), i}).to(device);
    n += x.size(0) + y.size(0) + z.size(0);
  }
  return n > 0;
}
