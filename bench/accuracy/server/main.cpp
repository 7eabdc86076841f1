// Serves a queue of synthetic requests in batches of up to 16.
//
// Usage: server [requests]
#include "batcher.h"
#include "model.h"
#include "postprocess.h"
#include "request_queue.h"

#include <torch/torch.h>

#include <chrono>
#include <cstdlib>
#include <iostream>

int main(int argc, char* argv[]) {
  const int64_t requests = argc > 1 ? std::atoll(argv[1]) : 2000;
  torch::manual_seed(0);
  const torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  Scorer model(kFeatureDim, 64, 10);
  model->to(device);
  model->eval();
  torch::NoGradGuard no_grad;

  RequestQueue queue;
  queue.fill(requests, 7);
  int64_t served = 0;
  double busy_ms = 0;
  while (!queue.empty()) {
    auto pending = queue.pop(16);
    const auto t0 = std::chrono::steady_clock::now();
    auto batch = collate(pending, device);
    auto logits = model->forward(batch.inputs, batch.lengths);
    std::vector<int64_t> ids;
    for (const Request& r : pending)
      ids.push_back(r.id);
    auto responses = respond(logits, ids);
    if (device.is_cuda())
      torch::cuda::synchronize();
    busy_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                   .count();
    served += static_cast<int64_t>(responses.size());
  }
  std::cout << "served " << served << " requests, " << busy_ms << " ms busy\n";
  return 0;
}
