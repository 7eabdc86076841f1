// RUN: %check_torchsync %s blocking-transfer,torchsync-host-read %t
//
// A variable has a device per program point: the definitions that reach a
// use decide (checks/utils/ReachingDefs.h). A host tensor reassigned to its
// copy on a device is a host tensor where the copy reads it, and a device
// tensor after.
#include <torch/torch.h>

// ---- Positives -------------------------------------------------------------

void moved_in_place(torch::Device dev, int n) {
  for (int i = 0; i < n; ++i) {
    torch::Tensor h = torch::zeros({4});
    h = h.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'to(dev)' waits for the GPU to copy host tensor 'h' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)h;
  }
}
// The host memory of a variable that holds two tensors is not shown: pin
// only where it is not pinned already.
// CHECK-FIXES: h = (dev.is_cuda() && !h.is_pinned() ? h.pin_memory() : h).to(dev, /*non_blocking=*/dev.is_cuda() && !h.is_pinned());

void parameter_reassigned(torch::Tensor x, torch::Device dev) {
  for (int i = 0; i < 3; ++i) {
    x = torch::ones({4});
    auto y = x.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(dev)' waits for the GPU to copy host tensor 'x' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)y;
  }
}
// CHECK-FIXES: auto y = (dev.is_cuda() && !x.is_pinned() ? x.pin_memory() : x).to(dev, /*non_blocking=*/dev.is_cuda() && !x.is_pinned());

void read_after_the_move(int n) {
  torch::Tensor t = torch::randn({8});
  t = t.cuda();
  for (int i = 0; i < n; ++i) {
    float v = t.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'item<float>()' waits for the GPU to read CUDA tensor 't.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
    (void)v;
  }
}

// A macro that reassigns, and a template.
#define TO_DEVICE(t, d) t = t.to(d)
void in_macro(torch::Device dev, int n) {
  for (int i = 0; i < n; ++i) {
    auto h = torch::rand({4});
    TO_DEVICE(h, dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'to()' waits for the GPU to copy host tensor 'h' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
  }
}

template <typename D> void templated(D dev, int n) {
  for (int i = 0; i < n; ++i) {
    auto h = torch::ones({4});
    h = h.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'to(dev)' waits for the GPU to copy host tensor 'h' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
  }
}
void use_template() { templated(torch::Device(torch::kCUDA), 4); }

// ---- Negatives -------------------------------------------------------------

// Host tensors all along: nothing waits.
void cpu_only(int n) {
  torch::Tensor t = torch::randn({8});
  t = t * 2;
  for (int i = 0; i < n; ++i) {
    float v = t.sum().item<float>();
    (void)v;
  }
}

// Moved back to the host before the read.
void back_on_the_host(int n) {
  auto t = torch::randn({8}).cuda();
  t = t.cpu();
  for (int i = 0; i < n; ++i) {
    float v = t.sum().item<float>();
    (void)v;
  }
}

// A copy that is already on the device: to() of a CUDA tensor to the same
// CUDA device copies nothing.
void already_there(int n) {
  auto t = torch::randn({8});
  t = t.cuda();
  for (int i = 0; i < n; ++i) {
    auto u = t.to(torch::kCUDA);
    (void)u;
  }
}
