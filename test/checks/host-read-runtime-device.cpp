// RUN: %check_torchsync %s host-read %t
// RUN: %check_torchsync %s host-read %t-unknown -check-suffix=UNKNOWN -config="{CheckOptions: {UnknownDevice: ignore}}"
// RUN: %check_torchsync %s host-read %t-ignore -check-suffix=IGNORE -config="{CheckOptions: {RuntimeDevice: ignore}}"
// Host reads of tensors on a device chosen at run time: reported with the
// choice spelled out; RuntimeDevice: ignore silences them, UnknownDevice:
// ignore does not.
#include <torch/torch.h>
#include <iostream>

void train(torch::nn::Linear model, bool use_cuda, int steps) {
  torch::Device device(use_cuda ? torch::kCUDA : torch::kCPU);
  model->to(device);
  for (int i = 0; i < steps; ++i) {
    auto x = torch::randn({8, 4}).to(device);
    auto loss = model(x).sum();
    float v = loss.item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'item<float>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-2]]:20: warning: 'item<float>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    std::cout << x.max();
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'operator<<' waits for the GPU to copy 'x.max()' to the host to print it if it is on CUDA; print sizes() or toString(), or print less often [torchsync-host-read]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-2]]:15: warning: 'operator<<' waits for the GPU to copy 'x.max()' to the host to print it if it is on CUDA; print sizes() or toString(), or print less often [torchsync-host-read]
    (void)v;
  }
}

// A tensor of unknown device: UnknownDevice decides, not RuntimeDevice.
void unknown(torch::Tensor t, int steps) {
  for (int i = 0; i < steps; ++i) {
    float v = t.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'item<float>()' waits for the GPU to read 't.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:23: warning: 'item<float>()' waits for the GPU to read 't.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    (void)v;
  }
}

// Negatives: the device is the CPU on every run; metadata reads nothing.
void cpu_device(bool flag, int steps) {
  torch::Device device(torch::kCPU);
  torch::Device also_cpu = flag ? torch::Device("cpu") : torch::Device(torch::kCPU);
  for (int i = 0; i < steps; ++i) {
    auto x = torch::randn({4}).to(device);
    auto y = torch::randn({4}).to(also_cpu);
    float a = x.sum().item<float>();
    float b = y.sum().item<float>();
    auto n = x.to(device).size(0);
    (void)a; (void)b; (void)n;
  }
}
