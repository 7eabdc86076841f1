// Logistic regression on the CPU: no CUDA anywhere in this program.
//
// Usage: cpu_only [epochs]
#include "preprocess.h"

#include <torch/torch.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>

int main(int argc, char* argv[]) {
  const int epochs = argc > 1 ? std::atoi(argv[1]) : 50;
  torch::manual_seed(0);
  auto raw = torch::randn({2048, 20});
  raw.index_put_({torch::randint(0, 2048, {16}), 3}, NAN);
  auto x = clean_rows(raw);
  auto y = (x.sum(1) > 0).to(torch::kLong);

  torch::nn::Linear model(20, 2);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));
  torch::Tensor previous = torch::full({}, 1e9);
  for (int epoch = 0; epoch < epochs; ++epoch) {
    for (int64_t start = 0; start < x.size(0); start += 128) {
      auto xb = x.narrow(0, start, std::min<int64_t>(128, x.size(0) - start));
      auto yb = y.narrow(0, start, xb.size(0));
      optimizer.zero_grad();
      auto logits = model(xb);
      auto loss = torch::nn::functional::cross_entropy(logits, yb);
      loss.backward();
      optimizer.step();
      if (loss.item<float>() < 1e-3)
        break;
    }
    auto logits = model(x);
    auto loss = torch::nn::functional::cross_entropy(logits, y).detach();
    auto wrong = torch::nonzero(logits.argmax(1).ne(y));
    std::cout << "epoch " << epoch << " loss " << loss << " accuracy " << accuracy(logits, y)
              << " wrong " << wrong.size(0) << '\n';
    if (converged(previous, loss, 1e-5))
      break;
    previous = loss;
  }
  return 0;
}
