// RUN: %check_torchsync %s blocking-transfer %t
#include <torch/torch.h>
#include <memory>

// A factory of constant values made on the host and uploaded in hot code is
// made on the device instead: the same values on every device, no copy at
// all, and on the CPU what the original made.

// ---- Positives -------------------------------------------------------------

struct Rollout {
  std::shared_ptr<torch::Device> m_device;
  int64_t m_num_envs = 8;

  void collect(torch::Device dev, int steps) {
    for (int i = 0; i < steps; ++i) {
      auto done = torch::zeros({1, m_num_envs}).to(*m_device);
      // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: 'to(*m_device)' waits for the GPU to copy host tensor 'torch::zeros({1, m_num_envs})' to the device if '*m_device' is CUDA; make it on the device [torchsync-blocking-transfer]
      auto mask = torch::ones({m_num_envs}, torch::kBool).to(dev);
      // CHECK-MESSAGES: :[[@LINE-1]]:59: warning: 'to(dev)' waits for the GPU to copy host tensor 'torch::ones({m_num_envs}, torch::kBool)' to the device if 'dev' is CUDA; make it on the device [torchsync-blocking-transfer]
      auto bias = torch::full({2, 2}, 0.5).cuda();
      // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: 'cuda()' waits for the GPU to copy host tensor 'torch::full({2, 2}, 0.5)' to the device; make it on the device [torchsync-blocking-transfer]
      auto ids = torch::arange(0, m_num_envs).to(dev);
      // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: 'to(dev)' waits for the GPU to copy host tensor 'torch::arange(0, m_num_envs)' to the device if 'dev' is CUDA; make it on the device [torchsync-blocking-transfer]
      auto id = torch::eye(3).to(torch::kCUDA);
      // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'to(torch::kCUDA)' waits for the GPU to copy host tensor 'torch::eye(3)' to the device; make it on the device [torchsync-blocking-transfer]
      (void)done; (void)mask; (void)bias; (void)ids; (void)id;
    }
  }
};
// CHECK-FIXES: auto done = torch::zeros({1, m_num_envs}, *m_device);
// CHECK-FIXES: auto mask = torch::ones({m_num_envs}, at::TensorOptions(torch::kBool).device(dev));
// CHECK-FIXES: auto bias = torch::full({2, 2}, 0.5, at::kCUDA);
// CHECK-FIXES: auto ids = torch::arange(0, m_num_envs, dev);
// CHECK-FIXES: auto id = torch::eye(3, torch::kCUDA);

// ---- Not made on the device ----------------------------------------------------

void others(torch::Device dev, int steps) {
  for (int i = 0; i < steps; ++i) {
    // A random factory draws from another generator on the device: its
    // seeded values would change.
    auto noise = torch::randn({3}).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'to(dev)' waits for the GPU to copy host tensor 'torch::randn({3})' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // A float range may round differently on the device.
    auto r = torch::arange(0.5, 3.0).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'to(dev)' waits for the GPU to copy host tensor 'torch::arange(0.5, 3.0)' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // Options could ask for requires_grad: the leaf would be another tensor.
    auto w = torch::zeros({2}, torch::TensorOptions().requires_grad(true)).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:76: warning: 'to(dev)' waits for the GPU to copy host tensor 'torch::zeros({2}, torch::...' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // A conversion besides the move.
    auto z = torch::zeros({2}).to(dev, torch::kHalf);
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'to(dev, torch::kHalf)' waits for the GPU to copy host tensor 'torch::zeros({2})' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)noise; (void)r; (void)w; (void)z;
  }
}
// CHECK-FIXES: auto noise = (dev.is_cuda() ? torch::randn({3}).pin_memory() : torch::randn({3})).to(dev, /*non_blocking=*/dev.is_cuda());
// CHECK-FIXES: auto r = (dev.is_cuda() ? torch::arange(0.5, 3.0).pin_memory() : torch::arange(0.5, 3.0)).to(dev, /*non_blocking=*/dev.is_cuda());

// A device spec that is evaluated for its effects: not moved into the
// factory's arguments.
torch::Device next_device();
void effects(int steps) {
  for (int i = 0; i < steps; ++i) {
    auto a = torch::zeros({2}).to(next_device());
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'to(next_device())' waits for the GPU to copy host tensor 'torch::zeros({2})' to the device if 'next_device()' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)a;
  }
}
// CHECK-FIXES: auto a = torch::zeros({2}).to(next_device());

// ---- CPU tensors, macros, templates --------------------------------------------

void on_cpu(int steps) {
  for (int i = 0; i < steps; ++i) {
    auto a = torch::zeros({2}).to(torch::kCPU);
    (void)a;
  }
}

#define ZEROS_ON(dev) torch::zeros({4}).to(dev)
void in_macro(torch::Device dev, int steps) {
  for (int i = 0; i < steps; ++i) {
    auto a = ZEROS_ON(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'to()' waits for the GPU to copy host tensor 'torch::zeros({4})' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)a;
  }
}
// CHECK-FIXES: auto a = ZEROS_ON(dev);

// The factory's arguments depend on the template's parameter and it has
// two instantiations: no fix.
template <typename T> void sized(T n, torch::Device dev) {
  for (int i = 0; i < 3; ++i) {
    auto a = torch::zeros({n}).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'to(dev)' waits for the GPU to copy host tensor 'torch::zeros({n})' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)a;
  }
}
template void sized<int64_t>(int64_t, torch::Device);
template void sized<int>(int, torch::Device);
// CHECK-FIXES: auto a = torch::zeros({n}).to(dev);
