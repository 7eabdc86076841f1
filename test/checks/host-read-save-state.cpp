// RUN: %check_torchsync %s host-read %t
// torch::save of a module, an optimizer or a list of tensors copies each of
// their tensors to the host (catalog B11: the pickler's .cpu()). A
// checkpoint inside the training loop is hot, also under
// `if (step % N == 0)`.
#include <torch/torch.h>

struct GeneratorImpl : torch::nn::Module {
  GeneratorImpl() : fc(register_module("fc", torch::nn::Linear(4, 4))) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Generator);

Generator make_discriminator() { return Generator(); }

#define CHECKPOINT(m) torch::save(m, "checkpoint.pt")

// ---- Positives -------------------------------------------------------------

// The shape of pytorch/examples cpp/dcgan: a device chosen at run time, the
// modules moved there, optimizers over their parameters, a checkpoint every
// N batches inside the loop.
void dcgan() {
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA);
  Generator generator;
  generator->to(device);
  Generator discriminator = make_discriminator();
  discriminator->to(device);
  torch::optim::Adam generator_optimizer(generator->parameters(),
                                         torch::optim::AdamOptions(2e-4));
  for (int64_t batch_index = 1; batch_index <= 1000; ++batch_index) {
    generator_optimizer.step();
    if (batch_index % 100 == 0) {
      torch::save(generator, "generator-checkpoint.pt");
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'torch::save()' waits for the GPU to copy the parameters and buffers of module 'generator' to the host if 'device' is CUDA; checkpoint outside the loop or less often [torchsync-host-read]
      torch::save(generator_optimizer, "generator-optimizer-checkpoint.pt");
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'torch::save()' waits for the GPU to copy the state tensors of optimizer 'generator_optimizer' to the host if 'device' is CUDA; checkpoint outside the loop or less often [torchsync-host-read]
      torch::save(discriminator, "discriminator-checkpoint.pt");
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'torch::save()' waits for the GPU to copy the parameters and buffers of module 'discriminator' to the host if 'device' is CUDA; checkpoint outside the loop or less often [torchsync-host-read]
      torch::save(generator->parameters(), "parameters.pt");
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'torch::save()' waits for the GPU to copy tensors 'generator->parameters()' to the host if 'device' is CUDA; checkpoint outside the loop or less often [torchsync-host-read]
    }
  }
}

// On CUDA on every run: no condition.
void always_cuda() {
  Generator generator;
  generator->to(torch::kCUDA);
  auto opt = std::make_shared<torch::optim::SGD>(
      generator->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9));
  // Options in a variable may set a momentum.
  torch::optim::SGDOptions options(0.1);
  torch::optim::SGD from_variable(generator->parameters(), options);
  for (int step = 0; step < 100; ++step) {
    CHECKPOINT(generator);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::save()' waits for the GPU to copy the parameters and buffers of module 'generator' to the host; checkpoint outside the loop or less often [torchsync-host-read]
    torch::save(*opt, "sgd.pt");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::save()' waits for the GPU to copy the state tensors of optimizer '*opt' to the host; checkpoint outside the loop or less often [torchsync-host-read]
    torch::save(from_variable, "sgd2.pt");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::save()' waits for the GPU to copy the state tensors of optimizer 'from_variable' to the host; checkpoint outside the loop or less often [torchsync-host-read]
  }
}

// A module and an optimizer passed in: their device is not known here.
void passed_in(Generator &generator, torch::optim::Adam &opt) {
  for (int step = 0; step < 100; ++step) {
    torch::save(generator, "g.pt");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::save()' waits for the GPU to copy the parameters and buffers of module 'generator' to the host if they are on CUDA; checkpoint outside the loop or less often [torchsync-host-read]
    torch::save(opt, "o.pt");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::save()' waits for the GPU to copy the state tensors of optimizer 'opt' to the host if they are on CUDA; checkpoint outside the loop or less often [torchsync-host-read]
  }
}

// A template: reported in its instantiation, where the module is a
// parameter.
template <typename M> void checkpoint_every_step(M &m) {
  for (int step = 0; step < 100; ++step)
    torch::save(m, "m.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::save()' waits for the GPU to copy the parameters and buffers of module 'm' to the host if they are on CUDA; checkpoint outside the loop or less often [torchsync-host-read]
}
template void checkpoint_every_step<Generator>(Generator &);

// ---- Negatives -------------------------------------------------------------

void host_only() {
  Generator on_host;
  Generator moved_to_cpu;
  moved_to_cpu->to(torch::kCPU);
  torch::optim::Adam host_optimizer(on_host->parameters());
  Generator cuda;
  cuda->to(torch::kCUDA);
  // SGD without momentum keeps no state tensors: saving it copies none.
  torch::optim::SGD plain_sgd(cuda->parameters(), torch::optim::SGDOptions(0.1));
  for (int step = 0; step < 100; ++step) {
    torch::save(on_host, "a.pt");
    torch::save(moved_to_cpu, "b.pt");
    torch::save(host_optimizer, "c.pt");
    torch::save(on_host->parameters(), "d.pt");
    torch::save(plain_sgd, "e.pt");
    // Loading is not a device-to-host copy.
    torch::load(cuda, "f.pt");
  }
}

// Outside any loop: saved once, at the end.
void final_checkpoint() {
  Generator generator;
  generator->to(torch::kCUDA);
  torch::save(generator, "final.pt");
}
