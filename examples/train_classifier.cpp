// Train a small multi-layer perceptron on a synthetic 10-class problem.
//
// The data is generated on the host: inputs are Gaussian, and each label is
// the arg-max of a fixed random linear "teacher" (plus a little noise), so the
// task is learnable without downloading anything. The model trains on the GPU
// when one is available and falls back to the CPU otherwise.
//
// Usage: train_classifier [checkpoint-path]   (default: classifier.pt)

#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>
#include <string>

namespace {

constexpr int64_t kInputs = 64;
constexpr int64_t kHidden = 256;
constexpr int64_t kClasses = 10;
constexpr int64_t kTrainSamples = 20000;
constexpr int64_t kValSamples = 2000;
constexpr int64_t kBatchSize = 128;
constexpr int64_t kEpochs = 20;
constexpr int64_t kLogEvery = 50;   // steps between progress lines
constexpr int64_t kPatience = 600;  // steps without a new best loss before stopping

}  // namespace

// Three fully connected layers with ReLU activations and a little dropout.
struct Net : torch::nn::Module {
  Net(int64_t in_features, int64_t hidden, int64_t num_classes)
      : fc1(register_module("fc1", torch::nn::Linear(in_features, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, hidden))),
        fc3(register_module("fc3", torch::nn::Linear(hidden, num_classes))),
        dropout(register_module("dropout", torch::nn::Dropout(0.1))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(fc1->forward(x));
    x = dropout->forward(torch::relu(fc2->forward(x)));
    return fc3->forward(x);
  }

  torch::nn::Linear fc1;
  torch::nn::Linear fc2;
  torch::nn::Linear fc3;
  torch::nn::Dropout dropout;
};

// Mean cross-entropy of `net` on a held-out set.
float evaluate(Net& net, const torch::Tensor& x, const torch::Tensor& y) {
  torch::NoGradGuard no_grad;
  net.eval();
  auto logits = net.forward(x);
  const float loss = torch::nn::functional::cross_entropy(logits, y).item<float>();
  net.train();
  return loss;
}

int main(int argc, char* argv[]) {
  const std::string checkpoint = argc > 1 ? argv[1] : "classifier.pt";

  torch::manual_seed(42);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  std::cout << "Training on " << device << '\n';

  // ---- Synthetic data (generated on the host) ------------------------------
  auto teacher = torch::randn({kInputs, kClasses});
  auto train_x = torch::randn({kTrainSamples, kInputs});
  auto train_y =
      (train_x.matmul(teacher) + 0.5 * torch::randn({kTrainSamples, kClasses})).argmax(1);
  auto val_x_cpu = torch::randn({kValSamples, kInputs});
  auto val_y_cpu = val_x_cpu.matmul(teacher).argmax(1);

  // The validation set is small, so keep a copy of it on the device.
  auto val_x = val_x_cpu.to(device);
  auto val_y = val_y_cpu.to(device);

  // ---- Model and optimizer -------------------------------------------------
  auto model = std::make_shared<Net>(kInputs, kHidden, kClasses);
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3));

  // L2 norm of all gradients, for the progress log.
  auto grad_norm = [&model]() {
    double squared = 0.0;
    for (const auto& p : model->parameters()) {
      if (p.grad().defined()) {
        squared += p.grad().pow(2).sum().item<double>();
      }
    }
    return std::sqrt(squared);
  };

  const int64_t num_train = train_x.size(0);
  const int64_t batches_per_epoch = (num_train + kBatchSize - 1) / kBatchSize;
  float best_loss = std::numeric_limits<float>::infinity();
  int64_t steps_since_best = 0;
  int64_t global_step = 0;
  bool stop = false;

  // ---- Training loop -------------------------------------------------------
  for (int64_t epoch = 1; epoch <= kEpochs && !stop; ++epoch) {
    model->train();

    // Reshuffle the training set every epoch.
    auto perm = torch::randperm(num_train);
    auto epoch_x = train_x.index_select(0, perm);
    auto epoch_y = train_y.index_select(0, perm);

    double running_loss = 0.0;
    int64_t correct = 0;
    int64_t seen = 0;

    for (int64_t b = 0; b < batches_per_epoch; ++b) {
      const int64_t begin = b * kBatchSize;
      const int64_t end = std::min(begin + kBatchSize, num_train);
      auto data = epoch_x.slice(0, begin, end).to(device);
      auto target = epoch_y.slice(0, begin, end).to(device);
      TORCH_CHECK(data.dtype() == torch::kFloat && target.dtype() == torch::kLong,
                  "unexpected batch types");

      if (global_step == 0) {
        std::cout << "first batch: " << data.sizes() << ' ' << data.dtype() << " on "
                  << data.device() << (data.is_cuda() ? " (GPU)" : " (CPU)") << '\n';
      }

      optimizer.zero_grad();
      auto logits = model->forward(data);
      auto loss = torch::nn::functional::cross_entropy(logits, target);
      TORCH_CHECK(torch::isfinite(loss).all().item<bool>(), "loss diverged");
      loss.backward();
      optimizer.step();

      // Running statistics for the epoch summary.
      running_loss += loss.item<float>() * data.size(0);
      auto pred = logits.argmax(1);
      correct += pred.eq(target).sum().item<int64_t>();
      seen += data.size(0);
      ++global_step;

      if (global_step % kLogEvery == 0) {
        std::cout << "epoch " << epoch << " step " << global_step << " loss " << loss
                  << " grad-norm " << grad_norm() << std::endl;
      }

      // Early stopping: give up when the loss has not improved for a while.
      if (loss.item<float>() < best_loss) {
        best_loss = loss.item<float>();
        steps_since_best = 0;
      } else if (++steps_since_best >= kPatience) {
        std::cout << "no improvement for " << kPatience << " steps, stopping\n";
        stop = true;
        break;
      }
    }

    const float val_loss = evaluate(*model, val_x, val_y);

    // Confusion matrix on the validation set: rows are true classes,
    // columns are predicted classes.
    auto confusion = torch::zeros({kClasses, kClasses}, torch::kLong);
    {
      torch::NoGradGuard no_grad;
      model->eval();
      auto val_pred = model->forward(val_x).argmax(1).cpu();
      auto pred_a = val_pred.accessor<int64_t, 1>();
      auto true_a = val_y_cpu.accessor<int64_t, 1>();
      auto conf_a = confusion.accessor<int64_t, 2>();
      for (int64_t i = 0; i < val_pred.numel(); ++i) {
        conf_a[true_a[i]][pred_a[i]] += 1;
      }
      model->train();
    }
    auto recall = confusion.diag().to(torch::kDouble) /
                  confusion.sum(1).clamp_min(1).to(torch::kDouble);

    std::cout << std::fixed << std::setprecision(4) << "epoch " << epoch
              << ": train loss " << running_loss / static_cast<double>(seen)
              << ", train acc " << 100.0 * static_cast<double>(correct) / static_cast<double>(seen)
              << "%, val loss " << val_loss << ", worst-class recall "
              << recall.min().item<double>() << '\n';
  }

  // ---- Final report and checkpoint -----------------------------------------
  {
    torch::NoGradGuard no_grad;
    model->eval();
    auto final_loss = torch::nn::functional::cross_entropy(model->forward(val_x), val_y);
    std::cout << "final validation loss: " << final_loss.item<float>() << '\n';
  }
  torch::save(model, checkpoint);
  std::cout << "saved model to " << checkpoint << '\n';
  return 0;
}
