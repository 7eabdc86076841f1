// RUN: %check_torchsync %s host-read,torchsync-sync-control-flow %t
// One finding per call: with both checks enabled, a host read in a
// condition is reported once, by sync-control-flow; elsewhere by host-read.
#include <torch/torch.h>

void f() {
  auto x = torch::ones({2}, torch::kCUDA);
  for (int i = 0; i < 3; ++i) {
    float v = x.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
    if (x.sum().item<float>() > v)
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'if' condition waits for the GPU to read CUDA tensor 'x.sum()' with 'item<float>()'; compute both outcomes on the device and select with torch::where [torchsync-sync-control-flow]
      break;
  }
}
