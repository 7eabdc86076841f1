// RUN: %check_torchsync %s host-read,torchsync-sync-control-flow %t
// One finding per call: with both checks enabled, a host read in a
// condition is reported once, by sync-control-flow; elsewhere by host-read.
#include <torch/torch.h>

void f() {
  auto x = torch::ones({2}, torch::kCUDA);
  for (int i = 0; i < 3; ++i) {
    float v = x.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'item<float>()' copies the value of CUDA tensor 'x.sum()' to the host{{.*}} [torchsync-host-read]
    if (x.sum().item<float>() > v)
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'if' condition depends on 'item<float>()'{{.*}} [torchsync-sync-control-flow]
      break;
  }
}
