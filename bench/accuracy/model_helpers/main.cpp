// Trains a sequence classifier on random token sequences of random lengths.
// The model's forward (model.cpp) calls the helpers of ops.cpp.
//
// Usage: model_helpers [steps]
#include "model.h"

#include <torch/torch.h>

#include <cstdlib>
#include <iostream>

int main(int argc, char* argv[]) {
  const int steps = argc > 1 ? std::atoi(argv[1]) : 200;
  torch::manual_seed(0);
  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  const int64_t vocab = 1000, dim = 64, classes = 5, batch = 32, max_len = 48;

  SequenceModel model(vocab, dim, classes);
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));
  auto opts = torch::TensorOptions().dtype(torch::kLong).device(device);

  torch::Tensor loss;
  for (int step = 0; step < steps; ++step) {
    auto tokens = torch::randint(0, vocab, {batch, max_len}, opts);
    auto lengths = torch::randint(1, max_len + 1, {batch}, opts);
    auto labels = tokens.select(1, 0) % classes;

    optimizer.zero_grad();
    auto out = model->forward(tokens, lengths);
    loss = torch::nn::functional::cross_entropy(out.logits, labels) +
           0.01 * out.token_aux.pow(2).mean();
    loss.backward();
    optimizer.step();
  }
  std::cout << "final loss " << loss.item<float>() << '\n';
  return 0;
}
