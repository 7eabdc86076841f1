// RUN: %check_torchsync %s blocking-transfer %t
// RUN: %check_torchsync %s blocking-transfer %t-notes -fix-notes -check-suffix=NOTES
// RUN: %check_torchsync %s blocking-transfer %t-unknown -check-suffix=UNKNOWN -config="{CheckOptions: {UnknownDevice: ignore}}"
// RUN: %check_torchsync %s blocking-transfer %t-ignore -check-suffix=IGNORE -config="{CheckOptions: {RuntimeDevice: ignore}}"
// Where a torch::Device comes from when it is chosen at run time: any
// condition, a parameter, a member, a mutable global, a flag parsed from a
// string, a function of the program. A host tensor moved there is a blocking
// copy "when 'dev' is a CUDA device". UnknownDevice: ignore does not silence
// these (the device is not unknown, it is chosen at run time); RuntimeDevice:
// ignore does. The pinning rewrite tests the device first (pin_memory()
// throws on a machine without CUDA): on the warning where the device is a
// variable or a member, a note without a fix where it is a call.
#include <torch/torch.h>
#include <string>

torch::Device g_device(torch::kCPU);
std::string FLAGS_device = "cpu";

torch::Device pick_device(bool gpu);

// Any condition, not only cuda::is_available().
void any_condition(bool use_gpu, int steps) {
  torch::Device dev = use_gpu ? torch::kCUDA : torch::kCPU;
  for (int i = 0; i < steps; ++i) {
    auto x = torch::randn({8});
    auto y = x.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(dev)' waits for the GPU to copy host tensor 'x' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:16: warning: 'to(dev)' waits for the GPU to copy host tensor 'x' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:16: warning: 'to(dev)' waits for the GPU to copy host tensor 'x' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto y = (dev.is_cuda() ? x.pin_memory() : x).to(dev, /*non_blocking=*/dev.is_cuda());
    // CHECK-FIXES-NOTES: auto y = (dev.is_cuda() ? x.pin_memory() : x).to(dev, /*non_blocking=*/dev.is_cuda());
    // CHECK-FIXES-UNKNOWN: auto y = (dev.is_cuda() ? x.pin_memory() : x).to(dev, /*non_blocking=*/dev.is_cuda());
    (void)y;
  }
}

// The LibTorch examples' idiom: a CPU device, set to CUDA when there is one.
void assigned_when_available(int steps) {
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA);
  auto ids = torch::arange(100);
  for (int i = 0; i < steps; ++i) {
    auto batch = ids.index({torch::indexing::Slice(i, i + 10)}).to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:65: warning: 'to(device)' waits for the GPU to copy host tensor 'ids.index({torch::indexing::Slice(i,...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:65: warning: 'to(device)' waits for the GPU to copy host tensor 'ids.index({torch::indexing::Slice(i,...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:65: warning: 'to(device)' waits for the GPU to copy host tensor 'ids.index({torch::indexing::Slice(i,...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto batch = (device.is_cuda() ? ids.index({torch::indexing::Slice(i, i + 10)}).pin_memory() : ids.index({torch::indexing::Slice(i, i + 10)})).to(device, /*non_blocking=*/device.is_cuda());
    // CHECK-FIXES-NOTES: auto batch = (device.is_cuda() ? ids.index({torch::indexing::Slice(i, i + 10)}).pin_memory() : ids.index({torch::indexing::Slice(i, i + 10)})).to(device, /*non_blocking=*/device.is_cuda());
    (void)batch;
  }
}

// A parameter, a DeviceType parameter, a global, a parsed flag, a function.
void sources(torch::Device param, torch::DeviceType type, char **argv,
             int steps) {
  torch::Device from_flag(FLAGS_device);
  torch::Device from_argv(argv[1]);
  torch::Device picked = pick_device(steps > 1);
  for (int i = 0; i < steps; ++i) {
    auto x = torch::ones({4});
    auto a = x.to(param);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(param)' waits for the GPU to copy host tensor 'x' to the device if 'param' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:16: warning: 'to(param)' waits for the GPU to copy host tensor 'x' to the device if 'param' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:16: warning: 'to(param)' waits for the GPU to copy host tensor 'x' to the device if 'param' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto a = (param.is_cuda() ? x.pin_memory() : x).to(param, /*non_blocking=*/param.is_cuda());
    // CHECK-FIXES-NOTES: auto a = (param.is_cuda() ? x.pin_memory() : x).to(param, /*non_blocking=*/param.is_cuda());
    auto b = x.to(type);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(type)' waits for the GPU to copy host tensor 'x' to the device if 'type' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:16: warning: 'to(type)' waits for the GPU to copy host tensor 'x' to the device if 'type' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:16: warning: 'to(type)' waits for the GPU to copy host tensor 'x' to the device if 'type' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto b = (type == at::kCUDA ? x.pin_memory() : x).to(type, /*non_blocking=*/type == at::kCUDA);
    // CHECK-FIXES-NOTES: auto b = (type == at::kCUDA ? x.pin_memory() : x).to(type, /*non_blocking=*/type == at::kCUDA);
    auto c = x.to(g_device);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(g_device)' waits for the GPU to copy host tensor 'x' to the device if 'g_device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:16: warning: 'to(g_device)' waits for the GPU to copy host tensor 'x' to the device if 'g_device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:16: warning: 'to(g_device)' waits for the GPU to copy host tensor 'x' to the device if 'g_device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto c = (g_device.is_cuda() ? x.pin_memory() : x).to(g_device, /*non_blocking=*/g_device.is_cuda());
    // CHECK-FIXES-NOTES: auto c = (g_device.is_cuda() ? x.pin_memory() : x).to(g_device, /*non_blocking=*/g_device.is_cuda());
    auto d = x.to(from_flag);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(from_flag)' waits for the GPU to copy host tensor 'x' to the device if 'from_flag' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:16: warning: 'to(from_flag)' waits for the GPU to copy host tensor 'x' to the device if 'from_flag' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:16: warning: 'to(from_flag)' waits for the GPU to copy host tensor 'x' to the device if 'from_flag' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto d = (from_flag.is_cuda() ? x.pin_memory() : x).to(from_flag, /*non_blocking=*/from_flag.is_cuda());
    // CHECK-FIXES-NOTES: auto d = (from_flag.is_cuda() ? x.pin_memory() : x).to(from_flag, /*non_blocking=*/from_flag.is_cuda());
    auto e = x.to(from_argv);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(from_argv)' waits for the GPU to copy host tensor 'x' to the device if 'from_argv' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:16: warning: 'to(from_argv)' waits for the GPU to copy host tensor 'x' to the device if 'from_argv' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:16: warning: 'to(from_argv)' waits for the GPU to copy host tensor 'x' to the device if 'from_argv' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto e = (from_argv.is_cuda() ? x.pin_memory() : x).to(from_argv, /*non_blocking=*/from_argv.is_cuda());
    // CHECK-FIXES-NOTES: auto e = (from_argv.is_cuda() ? x.pin_memory() : x).to(from_argv, /*non_blocking=*/from_argv.is_cuda());
    auto f = x.to(picked);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(picked)' waits for the GPU to copy host tensor 'x' to the device if 'picked' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:16: warning: 'to(picked)' waits for the GPU to copy host tensor 'x' to the device if 'picked' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:16: warning: 'to(picked)' waits for the GPU to copy host tensor 'x' to the device if 'picked' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto f = (picked.is_cuda() ? x.pin_memory() : x).to(picked, /*non_blocking=*/picked.is_cuda());
    // CHECK-FIXES-NOTES: auto f = (picked.is_cuda() ? x.pin_memory() : x).to(picked, /*non_blocking=*/picked.is_cuda());
    (void)a; (void)b; (void)c; (void)d; (void)e; (void)f;
  }
}

// A member, and an accessor that returns it.
struct Trainer {
  torch::Device device_;
  torch::Device device() const { return device_; }
  void step(int steps) {
    for (int i = 0; i < steps; ++i) {
      auto x = torch::zeros({4});
      auto y = x.to(device_);
      // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'to(device_)' waits for the GPU to copy host tensor 'x' to the device if 'device_' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:18: warning: 'to(device_)' waits for the GPU to copy host tensor 'x' to the device if 'device_' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:18: warning: 'to(device_)' waits for the GPU to copy host tensor 'x' to the device if 'device_' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      // CHECK-FIXES: auto y = (device_.is_cuda() ? x.pin_memory() : x).to(device_, /*non_blocking=*/device_.is_cuda());
      // CHECK-FIXES-NOTES: auto y = (device_.is_cuda() ? x.pin_memory() : x).to(device_, /*non_blocking=*/device_.is_cuda());
      auto z = x.to(device());
      // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'to(device())' waits for the GPU to copy host tensor 'x' to the device if 'device()' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:18: warning: 'to(device())' waits for the GPU to copy host tensor 'x' to the device if 'device()' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:18: warning: 'to(device())' waits for the GPU to copy host tensor 'x' to the device if 'device()' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      // CHECK-FIXES: auto z = x.to(device());
      // CHECK-FIXES-NOTES: auto z = x.to(device());
      (void)y; (void)z;
    }
  }
};

// A tensor parameter has an unknown device, not one chosen at run time:
// UnknownDevice: ignore silences it, RuntimeDevice: ignore does not.
void unknown_source(torch::Tensor t, int steps) {
  for (int i = 0; i < steps; ++i) {
    auto h = t.cpu();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'cpu()' waits for the GPU to copy 't' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:16: warning: 'cpu()' waits for the GPU to copy 't' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-MESSAGES-IGNORE: :[[@LINE-3]]:16: warning: 'cpu()' waits for the GPU to copy 't' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    (void)h;
  }
}

// A tensor moved to a device chosen at run time and back.
void round_trip(torch::Device dev, int steps) {
  auto w = torch::randn({4}).to(dev);
  for (int i = 0; i < steps; ++i) {
    auto h = (w * 2).cpu();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'cpu()' waits for the GPU to copy '(w * 2)' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:22: warning: 'cpu()' waits for the GPU to copy '(w * 2)' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:22: warning: 'cpu()' waits for the GPU to copy '(w * 2)' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    (void)h;
  }
}

// ---- Negatives -------------------------------------------------------------

// The CPU everywhere: no copy.
void cpu_everywhere(bool flag, int steps) {
  torch::Device cpu = flag ? torch::kCPU : torch::kCPU;
  const torch::Device fixed(torch::kCPU);
  for (int i = 0; i < steps; ++i) {
    auto x = torch::randn({4});
    auto a = x.to(cpu);
    auto b = x.to(fixed);
    auto c = x.to(torch::Device("cpu"));
    // Metadata of a device chosen at run time: no copy.
    bool gpu = cpu.is_cuda();
    auto d = x.to(torch::kFloat);
    (void)a; (void)b; (void)c; (void)gpu; (void)d;
  }
}

// Both sides chosen at run time: as often a no-op as a copy.
void same_runtime_device(torch::Device dev, int steps) {
  auto w = torch::randn({4}).to(dev);
  for (int i = 0; i < steps; ++i) {
    auto y = w.to(dev);
    (void)y;
  }
}

// ---- Macros and templates: reported, never rewritten ----------------------

#define TO_DEVICE(t, d) (t).to(d)

void in_macro(torch::Device dev, int steps) {
  for (int i = 0; i < steps; ++i) {
    auto x = torch::randn({4});
    auto y = TO_DEVICE(x, dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'to()' waits for the GPU to copy host tensor '(t)' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:14: warning: 'to()' waits for the GPU to copy host tensor '(t)' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:14: warning: 'to()' waits for the GPU to copy host tensor '(t)' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES-NOTES: auto y = TO_DEVICE(x, dev);
    (void)y;
  }
}

// A template whose code depends on its parameter, instantiated with two
// types: no fix, on the warning or a note.
template <typename T> void in_template(T dev, int steps) {
  for (int i = 0; i < steps; ++i) {
    auto x = torch::randn({4});
    auto y = x.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(dev)' waits for the GPU to copy host tensor 'x' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:16: warning: 'to(dev)' waits for the GPU to copy host tensor 'x' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:16: warning: 'to(dev)' waits for the GPU to copy host tensor 'x' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES-NOTES: auto y = x.to(dev);
    (void)y;
  }
}
template void in_template<torch::Device>(torch::Device, int);
template void in_template<torch::DeviceType>(torch::DeviceType, int);

// The statement does not depend on the parameter, but what its fix rests on
// does: the source is pageable in one instantiation and may be pinned in
// the other, which would each make another edit of the same text (the test
// without and with '!x.is_pinned()'): no fix.
template <bool Pinned> void staged(torch::Device dev, int steps) {
  for (int i = 0; i < steps; ++i) {
    torch::Tensor x = torch::rand({4});
    if constexpr (Pinned)
      x = x.pin_memory();
    auto moved = x.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(dev)' waits for the GPU to copy host tensor 'x' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:20: warning: 'to(dev)' waits for the GPU to copy host tensor 'x' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-UNKNOWN: :[[@LINE-3]]:20: warning: 'to(dev)' waits for the GPU to copy host tensor 'x' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto moved = x.to(dev);
    // CHECK-FIXES-NOTES: auto moved = x.to(dev);
    (void)moved;
  }
}
template void staged<true>(torch::Device, int);
template void staged<false>(torch::Device, int);
