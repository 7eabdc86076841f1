// RUN: %check_torchsync %s sync-control-flow %t -fix-notes
#include <torch/torch.h>

// ---- Positives -------------------------------------------------------------

void train(torch::nn::Linear model, torch::optim::SGD &opt) {
  auto x = torch::randn({8, 4}, torch::kCUDA);
  float best = 1e9;
  for (int step = 0; step < 100; ++step) {
    auto loss = model(x).sum();
    if (loss.item<float>() < best)
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'if' condition waits for the GPU to read CUDA tensor 'loss' with 'item<float>()'; compute both outcomes on the device and select with torch::where [torchsync-sync-control-flow]
      opt.step();
    float scale = loss.is_nonzero() ? 1.0f : 0.5f;
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: '?:' condition waits for the GPU to read CUDA tensor 'loss' with 'is_nonzero()'; compute both outcomes on the device and select with torch::where [torchsync-sync-control-flow]
    switch (loss.argmax().item<int>()) {
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'switch' condition waits for the GPU to read CUDA tensor 'loss.argmax()' with 'item<int>()'; compute both outcomes on the device and select with torch::where [torchsync-sync-control-flow]
    default:
      break;
    }
    if (auto v = loss.item<double>())
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'if' condition waits for the GPU to read CUDA tensor 'loss' with 'item<double>()'; compute both outcomes on the device and select with torch::where [torchsync-sync-control-flow]
      (void)v;
    TORCH_CHECK(loss.isfinite().all().item<bool>(), "loss diverged at ", step);
    // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'TORCH_CHECK' condition waits for the GPU to read CUDA tensor 'loss.isfinite().all()' with 'item<bool>()'; check it on the device with 'at::_assert_async(cond)' [torchsync-sync-control-flow]
    // CHECK-FIXES: at::_assert_async(loss.isfinite().all());
    TORCH_CHECK(loss.equal(loss), "not equal");
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'TORCH_CHECK' condition waits for the GPU to read CUDA tensor 'loss' with 'equal()'; check it on the device with 'at::_assert_async(cond)' [torchsync-sync-control-flow]
    // CHECK-FIXES: TORCH_CHECK(loss.equal(loss), "not equal");
    (void)scale;
  }
  // A loop condition runs every iteration.
  auto err = torch::ones({}, torch::kCUDA);
  while (err.item<float>() > 1e-3)
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'while' condition waits for the GPU to read CUDA tensor 'err' with 'item<float>()'; test the condition once every N iterations [torchsync-sync-control-flow]
    err = err * 0.5;
  for (int i = 0; err.sum().item<float>() > 0 && i < 10; ++i) {
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'for' condition waits for the GPU to read CUDA tensor 'err.sum()' with 'item<float>()'; test the condition once every N iterations [torchsync-sync-control-flow]
  }
  do {
    err = err / 2;
  } while (at::is_nonzero(err > 1));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'do-while' condition waits for the GPU to read CUDA tensor 'err > 1' with 'at::is_nonzero()'; test the condition once every N iterations [torchsync-sync-control-flow]
}

// Unknown device, in forward.
struct Gate : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) {
    if (x.sum().item<float>() > 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'if' condition waits for the GPU to read 'x.sum()' with 'item<float>()' if it is on CUDA; compute both outcomes on the device and select with torch::where [torchsync-sync-control-flow]
      return x;
    return -x;
  }
};

// ---- Negatives -------------------------------------------------------------

void negatives() {
  auto cpu = torch::randn({4});
  auto g = torch::randn({4}, torch::kCUDA);
  for (int i = 0; i < 10; ++i) {
    if (cpu.sum().item<float>() > 0)      // a CPU tensor: no sync
      break;
    if (g.numel() > 3 && g.is_cuda())     // metadata
      continue;
    float v = g.sum().item<float>();      // not a condition: host-read's
    if (v > 0)                            // a host float: no sync here
      continue;
  }
  // Outside loops: not reported by default.
  if (g.sum().item<float>() > 0)
    return;
  TORCH_CHECK(g.all().item<bool>(), "bad");
}

// ---- Macros and templates --------------------------------------------------

#define POSITIVE(t) ((t).item<float>() > 0)
#define MY_CHECK(c) TORCH_CHECK(c, "check failed")

void macros(torch::Tensor t) {
  for (int i = 0; i < 3; ++i) {
    if (POSITIVE(t))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'if' condition waits for the GPU to read '(t)' with 'item<float>()' if it is on CUDA; compute both outcomes on the device and select with torch::where [torchsync-sync-control-flow]
      continue;
    MY_CHECK(t.all().item<bool>());
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'TORCH_CHECK' condition waits for the GPU to read 't.all()' with 'item<bool>()' if it is on CUDA; check it on the device with 'at::_assert_async(cond)' [torchsync-sync-control-flow]
    // CHECK-FIXES: MY_CHECK(t.all().item<bool>());
  }
}

// A template whose edited code does not depend on its parameter: the same
// fix for every instantiation.
template <int N> void templated(torch::Tensor t) {
  for (int i = 0; i < N; ++i) {
    TORCH_CHECK(t.all().item<bool>(), "bad");
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'TORCH_CHECK' condition waits for the GPU to read 't.all()' with 'item<bool>()' if it is on CUDA; check it on the device with 'at::_assert_async(cond)' [torchsync-sync-control-flow]
    // CHECK-FIXES: at::_assert_async(t.all());
  }
}
template void templated<2>(torch::Tensor);
template void templated<3>(torch::Tensor);
