// RUN: %check_torchsync %s blocking-transfer %t
// The destination of to(...) comes from the overload ATen calls, read from
// the parameter types. blocking-transfer used to read the first argument
// (for to(dtype, layout, device, ...) an optional dtype: "no device") while
// nonblocking-race read the parameter named `device`, so the two checks
// disagreed on the same call.
#include <torch/torch.h>

void seven_argument_overload(int steps) {
  auto d = torch::randn({4}, torch::kCUDA);
  auto h = torch::zeros({4});
  for (int i = 0; i < steps; ++i) {
    auto a = d.to(torch::kHalf, c10::nullopt, torch::Device(torch::kCPU),
                  c10::nullopt, /*non_blocking=*/false, /*copy=*/false,
                  c10::nullopt);
    // CHECK-MESSAGES: :[[@LINE-3]]:16: warning: 'to()' waits for the GPU to copy CUDA tensor 'd' to the host; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    auto b = h.to(c10::nullopt, c10::nullopt, torch::Device(torch::kCUDA),
                  c10::nullopt, false, false, c10::nullopt);
    // CHECK-MESSAGES: :[[@LINE-2]]:16: warning: 'to()' waits for the GPU to copy host tensor 'h' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto b = h.pin_memory().to(c10::nullopt, c10::nullopt, torch::Device(torch::kCUDA),
    // CHECK-FIXES-NEXT: c10::nullopt, true, false, c10::nullopt);
    (void)a; (void)b;
  }
}

// Negatives: the same overload that names no device only converts.
void seven_argument_dtype_only(int steps) {
  auto d = torch::randn({4}, torch::kCUDA);
  for (int i = 0; i < steps; ++i) {
    auto a = d.to(torch::kHalf, c10::nullopt, c10::nullopt, c10::nullopt,
                  false, false, c10::nullopt);
    auto b = d.to(torch::kHalf);
    auto c = d.to(d);
    (void)a; (void)b; (void)c;
  }
}
