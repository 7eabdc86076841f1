// RUN: %check_torchsync_real %s host-read %t
// RUN: %check_torchsync_real %s blocking-transfer %t-members -check-suffix=MEMBERS
// RUN: %check_torchsync_real %s cpu-index %t-index -check-suffix=INDEX
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s host-read %t.211 %}
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s blocking-transfer %t-members.211 -check-suffix=MEMBERS %}
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s cpu-index %t-index.211 -check-suffix=INDEX %}
// The real LibTorch 1.13 headers (Debian libtorch-dev):
// - torch::save of modules and optimizers in the training loop (the shape of
//   pytorch/examples cpp/dcgan): every parameter and state tensor is copied
//   to the host, "when 'device' is a CUDA device";
// - a host feature store whose private members are filled in the
//   constructor (bench/accuracy/runtime_device): its indexed rows are host
//   tensors copied to a device chosen at run time, and indexing a host table
//   with host ids is no cpu-index finding.
#include <torch/torch.h>
#include <cstdint>

struct GeneratorImpl : torch::nn::Module {
  GeneratorImpl() : fc(register_module("fc", torch::nn::Linear(100, 784))) {}
  torch::Tensor forward(torch::Tensor x) { return torch::tanh(fc(x)); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Generator);

class FeatureStore {
public:
  FeatureStore(int64_t items, int64_t dim)
      : dense_(torch::randn({items, dim})),
        clicks_(torch::randint(0, 2, {items}).to(torch::kFloat)) {}
  std::pair<torch::Tensor, torch::Tensor> sample(int64_t batch,
                                                 const torch::Device &device) {
    auto ids = torch::randint(0, dense_.size(0), {batch});
    auto x = dense_.index({ids}).to(device);
    // CHECK-MESSAGES-MEMBERS: :[[@LINE-1]]:34: warning: 'to(device)' waits for the GPU to copy host tensor 'dense_.index({ids})' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    auto y = clicks_.index_select(0, ids).to(device);
    // CHECK-MESSAGES-MEMBERS: :[[@LINE-1]]:43: warning: 'to(device)' waits for the GPU to copy host tensor 'clicks_.index_select(0, ids)' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES-MEMBERS: auto y = (device.is_cuda() ? clicks_.index_select(0, ids).pin_memory() : clicks_.index_select(0, ids)).to(device, /*non_blocking=*/device.is_cuda());
    return {x, y};
  }

private:
  torch::Tensor dense_;
  torch::Tensor clicks_;
};

int main(int argc, char **argv) {
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA);
  Generator generator;
  generator->to(device);
  torch::optim::Adam optimizer(generator->parameters(),
                               torch::optim::AdamOptions(2e-4));
  torch::optim::SGD plain(generator->parameters(), torch::optim::SGDOptions(0.1));
  FeatureStore store(1000, 100);
  for (int64_t step = 1; step <= 1000; ++step) {
    auto batch = store.sample(64, device);
    auto loss = torch::mse_loss(generator->forward(batch.first), batch.first);
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
    if (step % 100 == 0) {
      torch::save(generator, "generator.pt");
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'torch::save()' waits for the GPU to copy the parameters and buffers of module 'generator' to the host if 'device' is CUDA; checkpoint outside the loop or less often [torchsync-host-read]
      torch::save(optimizer, "optimizer.pt");
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'torch::save()' waits for the GPU to copy the state tensors of optimizer 'optimizer' to the host if 'device' is CUDA; checkpoint outside the loop or less often [torchsync-host-read]
      torch::save(plain, "plain.pt"); // No momentum: no state tensors.
    }
  }
  (void)argc;
  (void)argv;
}
