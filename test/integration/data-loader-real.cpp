// RUN: %check_torchsync_real %s blocking-transfer %t
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s blocking-transfer %t.211 %}
// The real LibTorch 1.13 headers (Debian libtorch-dev): the batches of a
// torch::data data loader over MNIST (Normalize, Stack) are host tensors, and
// the device is chosen at run time from a flag, so the per-batch copies are
// blocking "when 'device' is a CUDA device". The pinning rewrite is withheld:
// the batch tensors' memory is not known to be pageable.
#include <torch/torch.h>
#include <string>

struct Net : torch::nn::Module {
  Net() { fc = register_module("fc", torch::nn::Linear(784, 10)); }
  torch::Tensor forward(torch::Tensor x) { return fc->forward(x.view({-1, 784})); }
  torch::nn::Linear fc{nullptr};
};

int main(int argc, char **argv) {
  torch::Device device(argc > 1 ? std::string(argv[1]) : std::string("cpu"));
  auto net = std::make_shared<Net>();
  net->to(device);
  torch::optim::SGD opt(net->parameters(), 0.01);
  auto dataset = torch::data::datasets::MNIST("./data")
                     .map(torch::data::transforms::Normalize<>(0.1307, 0.3081))
                     .map(torch::data::transforms::Stack<>());
  auto loader = torch::data::make_data_loader(std::move(dataset), 64);
  for (int epoch = 0; epoch < 2; ++epoch) {
    for (auto &batch : *loader) {
      auto data = batch.data.to(device);
      // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'to(device)' waits for the GPU to copy host tensor 'batch.data' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      auto target = batch.target.to(device);
      // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'to(device)' waits for the GPU to copy host tensor 'batch.target' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      // The batches' memory is not shown to be pageable: the fix tests it.
      // CHECK-FIXES: auto data = (device.is_cuda() && !batch.data.is_pinned() ? batch.data.pin_memory() : batch.data).to(device, /*non_blocking=*/device.is_cuda() && !batch.data.is_pinned());
      // CHECK-FIXES: auto target = (device.is_cuda() && !batch.target.is_pinned() ? batch.target.pin_memory() : batch.target).to(device, /*non_blocking=*/device.is_cuda() && !batch.target.is_pinned());
      opt.zero_grad();
      auto loss = torch::nll_loss(net->forward(data).log_softmax(1), target);
      loss.backward();
      opt.step();
    }
  }
  // The loader's iterator: the same host batches.
  for (auto it = loader->begin(); it != loader->end(); ++it) {
    auto data = it->data.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'to(device)' waits for the GPU to copy host tensor 'it->data' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)data;
  }
  // On the CPU everywhere: no copy.
  for (auto &batch : *loader) {
    auto data = batch.data.to(torch::kCPU);
    (void)data;
  }
}
