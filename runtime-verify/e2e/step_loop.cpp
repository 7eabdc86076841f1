// The fix-check demo (docs/fix-check-results.md): a training loop written as
// a first LibTorch port often is. Each step uploads a pageable host batch with
// a blocking copy and clips the gradient norm with clip_grad_norm_, whose
// double result is a host read; both wait for the GPU. The device is fixed to
// CUDA, so `torchsync --fix` rewrites both without changing what the program
// computes (pinned memory and a non_blocking copy; the clipping without the
// host read).
//
//   step_loop WIDTH BATCH DEPTH STEPS
//
// A small model (2 hidden layers 256 wide, batches of 64) is bound by the
// host: the GPU waits at every sync while the host launches the next step. A
// large one (8 layers 4096 wide, batches of 512) keeps the GPU busy for
// milliseconds per step, so the syncs cost almost nothing: removing them does
// not make the loop faster.
#include <torch/torch.h>
#include <torchsync/step.h>

#include <cstdlib>
#include <iomanip>
#include <iostream>

int main(int argc, char **argv) {
  const int64_t width = argc > 1 ? std::atoll(argv[1]) : 256;
  const int64_t batch = argc > 2 ? std::atoll(argv[2]) : 64;
  const int64_t depth = argc > 3 ? std::atoll(argv[3]) : 2;
  const int64_t steps = argc > 4 ? std::atoll(argv[4]) : 200;
  const int64_t batches = 8;
  torch::manual_seed(0);
  const torch::Device device(torch::kCUDA);

  torch::nn::Sequential model;
  for (int64_t layer = 0; layer < depth; ++layer) {
    model->push_back(torch::nn::Linear(width, width));
    model->push_back(torch::nn::ReLU());
  }
  model->push_back(torch::nn::Linear(width, 10));
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(), /*lr=*/0.01);

  // The data set lives in pageable host memory, as a loader's would.
  const torch::Tensor inputs = torch::randn({batches, batch, width});
  const torch::Tensor labels = torch::randint(10, {batches, batch});

  for (int64_t step = 0; step < steps; ++step) {
    const torch::Tensor x_host = inputs[step % batches];
    const torch::Tensor y_host = labels[step % batches];
    auto x = x_host.to(device);
    auto y = y_host.to(device);
    optimizer.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model->forward(x), y);
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    optimizer.step();
    torchsync::mark_step();
  }

  // The outputs fix-check compares: a checksum of every parameter.
  torch::NoGradGuard no_grad;
  std::cout << std::setprecision(6);
  for (const auto &p : model->named_parameters())
    std::cout << p.key() << " sum " << p.value().sum().item<double>()
              << " norm " << p.value().norm().item<double>() << '\n';
  return 0;
}
