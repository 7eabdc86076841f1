// Fit a small tanh network to a noisy sine curve, entirely on the CPU.
//
// Everything here lives in host memory: the data comes from factory calls
// without a device, and the model is never moved, so reading values back
// (item(), printing, cpu()) costs nothing more than a function call.
//
// Usage: cpu_only [checkpoint-path]   (default: regressor.pt)

#include <torch/torch.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <limits>
#include <memory>
#include <string>

namespace {

constexpr int64_t kSamples = 4096;
constexpr int64_t kHidden = 32;
constexpr int64_t kBatchSize = 64;
constexpr int64_t kEpochs = 30;
constexpr int64_t kLogEvery = 100;
constexpr double kOutlierThreshold = 0.3;

}  // namespace

struct Regressor : torch::nn::Module {
  explicit Regressor(int64_t hidden)
      : fc1(register_module("fc1", torch::nn::Linear(1, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, hidden))),
        out(register_module("out", torch::nn::Linear(hidden, 1))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::tanh(fc1->forward(x));
    x = torch::tanh(fc2->forward(x));
    return out->forward(x);
  }

  torch::nn::Linear fc1;
  torch::nn::Linear fc2;
  torch::nn::Linear out;
};

int main(int argc, char* argv[]) {
  const std::string checkpoint = argc > 1 ? argv[1] : "regressor.pt";

  torch::manual_seed(0);
  torch::set_num_threads(4);

  // y = sin(x) + noise on [-3, 3].
  auto x = torch::linspace(-3.0, 3.0, kSamples).unsqueeze(1);
  auto y = torch::sin(x) + 0.1 * torch::randn({kSamples, 1});

  auto model = std::make_shared<Regressor>(kHidden);
  torch::optim::SGD optimizer(model->parameters(),
                              torch::optim::SGDOptions(0.05).momentum(0.9));

  const int64_t n = x.size(0);
  float best_loss = std::numeric_limits<float>::infinity();
  int64_t step = 0;

  for (int64_t epoch = 1; epoch <= kEpochs; ++epoch) {
    auto perm = torch::randperm(n);
    double epoch_loss = 0.0;
    int64_t batches = 0;
    int64_t outliers = 0;

    for (int64_t begin = 0; begin < n; begin += kBatchSize) {
      const int64_t end = std::min(begin + kBatchSize, n);
      auto idx = perm.slice(0, begin, end);
      auto xb = x.index_select(0, idx);
      auto yb = y.index_select(0, idx);

      optimizer.zero_grad();
      auto pred = model->forward(xb);
      auto loss = torch::mse_loss(pred, yb);
      TORCH_CHECK(torch::isfinite(loss).all().item<bool>(), "loss diverged at step ", step);
      loss.backward();
      torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
      optimizer.step();

      epoch_loss += loss.item<double>();
      ++batches;
      ++step;

      // Count the points the model is still far off on.
      auto residual = (pred - yb).abs().detach();
      outliers += residual.gt(kOutlierThreshold).nonzero().size(0);
      auto outlier_error = residual.masked_select(residual.gt(kOutlierThreshold)).sum();

      if (loss.item<float>() < best_loss) {
        best_loss = loss.item<float>();
      }

      if (step % kLogEvery == 0) {
        std::cout << "step " << step << " loss " << loss.to(torch::kCPU)
                  << " outlier error " << outlier_error.item<double>() << std::endl;
      }
    }

    // Look at the fit at a few fixed points.
    torch::NoGradGuard no_grad;
    auto probe = torch::tensor({-2.0f, -1.0f, 0.0f, 1.0f, 2.0f}).unsqueeze(1);
    auto probe_pred = model->forward(probe).squeeze(1).cpu();
    auto expected = torch::sin(probe).squeeze(1);
    const bool close = probe_pred.allclose(expected, /*rtol=*/0.0, /*atol=*/0.05);

    std::cout << "epoch " << epoch << ": mean loss " << epoch_loss / static_cast<double>(batches)
              << ", outliers " << outliers << ", probe " << probe_pred
              << (close ? " (within 0.05 of sin)" : "") << '\n';

    // Keep a checkpoint of the latest weights.
    torch::save(model, checkpoint);
  }

  std::cout << "best batch loss: " << best_loss << '\n';
  auto final_loss = torch::mse_loss(model->forward(x), y);
  std::cout << "final loss over all samples: " << final_loss.item<float>() << '\n';
  return 0;
}
