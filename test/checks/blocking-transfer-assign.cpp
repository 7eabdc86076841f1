// RUN: %check_torchsync %s blocking-transfer %t
#include <torch/torch.h>

// Assignment to a tensor that is not a variable (a row, a slice) is
// LibTorch's `Tensor::operator=(const Tensor &) &&`, which runs copy_:
// the blocking copies of copy_, spelled as assignments. The fix writes the
// copy_ it is, from pinned memory without blocking where the destination is
// CUDA (tested at run time where that is not proven).

// ---- Positives ---------------------------------------------------------------

void rows(int n, torch::Device dev) {
  auto obs = torch::zeros({8, 4}, torch::TensorOptions(torch::kCUDA));
  auto rt = torch::zeros({8, 4}, dev);
  auto host = torch::zeros({8, 4});
  auto gpu = torch::ones({4}, torch::kCUDA);
  for (int i = 0; i < n; ++i) {
    torch::Tensor h = torch::zeros(4);
    obs[i] = h;
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'obs[i] = h' waits for the GPU to copy host tensor 'h' to the device; pin it and copy_() with non_blocking=true [torchsync-blocking-transfer]
    rt[i] = h;
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'rt[i] = h' waits for the GPU to copy host tensor 'h' to the device if 'rt[i]' is on CUDA; pin it and copy_() with non_blocking=true [torchsync-blocking-transfer]
    host[i] = gpu;
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'host[i] = gpu' waits for the GPU to copy CUDA tensor 'gpu' to the host; copy_() with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    obs.select(0, i) = std::move(h);
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'obs.select(0, i) = std::move(h)' waits for the GPU to copy host tensor 'std::move(h)' to the device; pin it and copy_() with non_blocking=true [torchsync-blocking-transfer]
  }
}
// CHECK-FIXES: obs[i].copy_(h.pin_memory(), /*non_blocking=*/true);
// CHECK-FIXES: rt[i].copy_(rt.is_cuda() ? h.pin_memory() : h, /*non_blocking=*/rt.is_cuda());
// CHECK-FIXES: obs.select(0, i) = std::move(h);

// A parameter of unknown device: the assumption is spelled out.
void unknownRows(torch::Tensor obs, int n) {
  for (int i = 0; i < n; ++i)
    obs[i] = torch::zeros(4);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'obs[i] = torch::zeros(4)' waits for the GPU to copy host tensor 'torch::zeros(4)' to the device if 'obs[i]' is on CUDA; pin it and copy_() with non_blocking=true [torchsync-blocking-transfer]
}
// CHECK-FIXES: obs[i].copy_(obs.is_cuda() ? torch::zeros(4).pin_memory() : torch::zeros(4), /*non_blocking=*/obs.is_cuda());

// A source whose memory is not shown to be pageable (a parameter): pinned
// only where it is not pinned already.
void fromParam(const torch::Tensor &src, int n) {
  auto obs = torch::zeros({8, 4}, torch::kCUDA);
  auto h = src.cpu();
  for (int i = 0; i < n; ++i)
    obs[i] = h;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'obs[i] = h' waits for the GPU to copy host tensor 'h' to the device; pin it and copy_() with non_blocking=true [torchsync-blocking-transfer]
}
// CHECK-FIXES: obs[i].copy_(!h.is_pinned() ? h.pin_memory() : h, /*non_blocking=*/!h.is_pinned());

// ---- Negatives ---------------------------------------------------------------

void silent(int n) {
  auto host = torch::zeros({8, 4});
  auto gpu = torch::zeros({8, 4}, torch::kCUDA);
  auto row = torch::ones({4}, torch::kCUDA);
  for (int i = 0; i < n; ++i) {
    torch::Tensor h = torch::zeros(4);
    host[i] = h;   // Host to host.
    gpu[i] = row;  // Device to device.
    torch::Tensor v;
    v = h;         // A variable: it now names h, nothing is copied.
    gpu[i] = 1.5;  // A fill (operator=(Scalar)), no tensor data moves.
  }
  host[0] = row;   // Not in a loop.
}

// ---- Macros and templates ----------------------------------------------------

#define STORE(dst, i, src) dst[i] = src

void viaMacro(int n) {
  auto obs = torch::zeros({8, 4}, torch::kCUDA);
  for (int i = 0; i < n; ++i)
    STORE(obs, i, torch::zeros(4));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'STORE(obs, i, torch::zeros(4))' waits for the GPU to copy host tensor 'torch::zeros(4)' to the device; pin it and copy_() with non_blocking=true [torchsync-blocking-transfer]
}
// CHECK-FIXES: STORE(obs, i, torch::zeros(4));

// Two instantiations of code that depends on the parameter: no fix.
template <typename T> void fill(torch::Tensor obs, int n) {
  for (int i = 0; i < n; ++i)
    obs[i] = torch::zeros(4, torch::TensorOptions().dtype<T>());
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'obs[i] = torch::zeros(4, torch::...' waits for the GPU to copy host tensor 'torch::zeros(4, torch::TensorOptions(...' to the device if 'obs[i]' is on CUDA; pin it and copy_() with non_blocking=true [torchsync-blocking-transfer]
}
template void fill<float>(torch::Tensor, int);
template void fill<double>(torch::Tensor, int);
// CHECK-FIXES: obs[i] = torch::zeros(4, torch::TensorOptions().dtype<T>());
