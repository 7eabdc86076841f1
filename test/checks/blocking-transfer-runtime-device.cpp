// RUN: %check_torchsync %s blocking-transfer %t
// RUN: %check_torchsync %s blocking-transfer %t-notes -fix-notes -check-suffix=NOTES
// RUN: %clang_tidy_plugin --checks=-*,torchsync-blocking-transfer %s -- -std=c++17 -isystem %mock_include 2>&1 | FileCheck %s --check-prefix=RUNTIME-NOTE
// The pinning fix needs a CUDA device: 'pin_memory()' throws on a machine
// without one. Where the destination is CUDA on every run the fix pins
// always; a device chosen at run time ('is_available() ? kCUDA : kCPU') gets
// the finding "when 'device' is a CUDA device" and a fix that pins and copies
// without blocking only when the destination is CUDA, so that a run on the
// CPU copies as before (test/integration/fix-runs-cpu-only.test runs it on a
// machine without CUDA). The fix is on the warning: it keeps the meaning on
// every device. A destination that cannot be tested and used twice (an
// expression with calls) gets a note and no fix.
#include <torch/torch.h>

// The tutorial idiom, inline: no plain name to test.
void inline_idiom(torch::Tensor batch) {
  for (int i = 0; i < 10; ++i) {
    auto noise = torch::randn({64});
    auto a = noise.to(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU)' waits for the GPU to copy host tensor 'noise' to the device if 'torch::cuda::is_available() ? torch::...' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:20: warning: 'to(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU)' waits for the GPU to copy host tensor 'noise' to the device if 'torch::cuda::is_available() ? torch::...' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // RUNTIME-NOTE: :[[@LINE-3]]:20: note: pinning needs CUDA: 'pin_memory()' throws on a machine without it, and the destination is chosen at run time; pin only when it is CUDA, '(dev.is_cuda() ? x.pin_memory() : x).to(dev, /*non_blocking=*/dev.is_cuda())' (no fix: the destination is not a variable that can be tested and used)
    // CHECK-FIXES: auto a = noise.to(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    // CHECK-FIXES-NOTES: auto a = noise.to(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    (void)a;
  }
}

// The idiom through a torch::Device variable, and through an auto variable.
void device_variable() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  auto kind = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  auto gpu = torch::zeros({64}, device);
  for (int i = 0; i < 10; ++i) {
    auto noise = torch::randn({64});
    auto a = noise.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(device)' waits for the GPU to copy host tensor 'noise' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:20: warning: 'to(device)' waits for the GPU to copy host tensor 'noise' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto a = (device.is_cuda() ? noise.pin_memory() : noise).to(device, /*non_blocking=*/device.is_cuda());
    // CHECK-FIXES-NOTES: auto a = (device.is_cuda() ? noise.pin_memory() : noise).to(device, /*non_blocking=*/device.is_cuda());
    auto b = noise.to(kind);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(kind)' waits for the GPU to copy host tensor 'noise' to the device if 'kind' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:20: warning: 'to(kind)' waits for the GPU to copy host tensor 'noise' to the device if 'kind' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto b = (kind == at::kCUDA ? noise.pin_memory() : noise).to(kind, /*non_blocking=*/kind == at::kCUDA);
    // CHECK-FIXES-NOTES: auto b = (kind == at::kCUDA ? noise.pin_memory() : noise).to(kind, /*non_blocking=*/kind == at::kCUDA);
    gpu.copy_(noise);
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'copy_(noise)' waits for the GPU to copy host tensor 'noise' to the device if 'gpu' is on CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:9: warning: 'copy_(noise)' waits for the GPU to copy host tensor 'noise' to the device if 'gpu' is on CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: gpu.copy_(gpu.is_cuda() ? noise.pin_memory() : noise, /*non_blocking=*/gpu.is_cuda());
    // CHECK-FIXES-NOTES: gpu.copy_(gpu.is_cuda() ? noise.pin_memory() : noise, /*non_blocking=*/gpu.is_cuda());
    auto c = noise.to(device, /*non_blocking=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(device, /*non_blocking=*/true)' waits despite non_blocking=true: the CUDA driver stages pageable host tensor 'noise' if 'device' is CUDA; pin it with 'pin_memory()' [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:20: warning: 'to(device, /*non_blocking=*/true)' waits despite non_blocking=true: the CUDA driver stages pageable host tensor 'noise' if 'device' is CUDA; pin it with 'pin_memory()' [torchsync-blocking-transfer]
    // CHECK-FIXES: auto c = (device.is_cuda() ? noise.pin_memory() : noise).to(device, /*non_blocking=*/true);
    // CHECK-FIXES-NOTES: auto c = (device.is_cuda() ? noise.pin_memory() : noise).to(device, /*non_blocking=*/true);
    // A dtype too: with non_blocking=true the pinned source is copied as it
    // is and converted on the GPU.
    auto d = noise.to(device, torch::kHalf);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(device, torch::kHalf)' waits for the GPU to copy host tensor 'noise' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:20: warning: 'to(device, torch::kHalf)' waits for the GPU to copy host tensor 'noise' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto d = (device.is_cuda() ? noise.pin_memory() : noise).to(device, torch::kHalf, /*non_blocking=*/device.is_cuda());
    // CHECK-FIXES-NOTES: auto d = (device.is_cuda() ? noise.pin_memory() : noise).to(device, torch::kHalf, /*non_blocking=*/device.is_cuda());
    auto e = noise.to(device, torch::kDouble, false, false);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(device, torch::kDouble, false, false)' waits for the GPU to copy host tensor 'noise' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:20: warning: 'to(device, torch::kDouble, false, false)' waits for the GPU to copy host tensor 'noise' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto e = (device.is_cuda() ? noise.pin_memory() : noise).to(device, torch::kDouble, device.is_cuda(), false);
    // CHECK-FIXES-NOTES: auto e = (device.is_cuda() ? noise.pin_memory() : noise).to(device, torch::kDouble, device.is_cuda(), false);
    (void)a; (void)b; (void)c; (void)d; (void)e;
  }
}

// A device that is CUDA on every run: the fix stays on the warning.
void literal_cuda() {
  const torch::Device dev(torch::kCUDA);
  auto opts = torch::TensorOptions().device(torch::kCUDA);
  auto gpu = torch::zeros({64}, opts);
  for (int i = 0; i < 10; ++i) {
    auto noise = torch::randn({64});
    auto a = noise.to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(torch::kCUDA)' waits for the GPU to copy host tensor 'noise' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:20: warning: 'to(torch::kCUDA)' waits for the GPU to copy host tensor 'noise' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto a = noise.pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    // CHECK-FIXES-NOTES: auto a = noise.pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    auto b = noise.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(dev)' waits for the GPU to copy host tensor 'noise' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:20: warning: 'to(dev)' waits for the GPU to copy host tensor 'noise' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto b = noise.pin_memory().to(dev, /*non_blocking=*/true);
    // CHECK-FIXES-NOTES: auto b = noise.pin_memory().to(dev, /*non_blocking=*/true);
    gpu.copy_(noise);
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'copy_(noise)' waits for the GPU to copy host tensor 'noise' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:9: warning: 'copy_(noise)' waits for the GPU to copy host tensor 'noise' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: gpu.copy_(noise.pin_memory(), /*non_blocking=*/true);
    // CHECK-FIXES-NOTES: gpu.copy_(noise.pin_memory(), /*non_blocking=*/true);
    (void)a; (void)b;
  }
}
