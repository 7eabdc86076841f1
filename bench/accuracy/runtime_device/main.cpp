// Click-through model trained on the device named on the command line.
//
// Usage: runtime_device --device cuda [--steps N] [--log-every N]
#include "feature_store.h"
#include "metrics.h"
#include "options.h"

#include <torch/torch.h>

int main(int argc, char* argv[]) {
  const Options opts = parse_options(argc, argv);
  torch::manual_seed(0);
  FeatureStore store(50000, 24);

  torch::nn::Sequential model(torch::nn::Linear(24, 64), torch::nn::ReLU(),
                              torch::nn::Linear(64, 1));
  model->to(opts.device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3));
  Metrics metrics;

  for (int step = 1; step <= opts.steps; ++step) {
    auto [x, y] = store.sample(256, opts.device);
    optimizer.zero_grad();
    auto logits = model->forward(x).squeeze(1);
    auto loss = torch::binary_cross_entropy_with_logits(logits, y);
    loss.backward();
    optimizer.step();
    metrics.update(logits.detach(), y);
    if (step % opts.log_every == 0)
      metrics.report(step, loss);
  }
  return 0;
}
