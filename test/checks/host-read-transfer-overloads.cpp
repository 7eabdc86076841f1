// RUN: %check_torchsync %s host-read %t
// Device inference reads the destination of to(...) from the overload ATen
// calls (utils/Transfers): the result of to(dtype, layout, device, ...) is on
// its `device` argument. It was taken to stay on the receiver's device (the
// first argument, a dtype, names none), so reading a downloaded copy was
// reported as a read of a CUDA tensor.
#include <torch/torch.h>

void seven_argument_download(int steps) {
  auto d = torch::randn({4}, torch::kCUDA);
  for (int i = 0; i < steps; ++i) {
    auto h = d.to(torch::kHalf, c10::nullopt, torch::Device(torch::kCPU),
                  c10::nullopt, false, false, c10::nullopt);
    auto up = h.to(c10::nullopt, c10::nullopt, torch::Device(torch::kCUDA),
                   c10::nullopt, false, false, c10::nullopt);
    auto v = h.sum().item<float>();
    auto w = up.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'up.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
    (void)v; (void)w;
  }
}
