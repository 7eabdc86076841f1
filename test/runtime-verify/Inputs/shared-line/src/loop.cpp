// The user code of loop.jsonl (a run on LibTorch 2.x) and loop-v1.jsonl
// (1.x): only read, never compiled. Line numbers and columns matter:
// loop.findings.json and addr2line.json name them.
#include <iostream>
#include <torch/torch.h>

void step(torch::Tensor p, torch::Tensor loss, Batch &batch, torch::Device device) {
  auto k = torch::multinomial(p, 1).item<int64_t>();
  auto x = batch.data.to(device), y = batch.target.to(device);
  if (loss.item<float>() > 10.0f) std::cout << loss;
  auto n = loss.sum().item<double>();
}
