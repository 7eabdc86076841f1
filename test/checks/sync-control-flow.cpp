// RUN: %check_torchsync %s sync-control-flow %t -fix-notes
#include <torch/torch.h>

// ---- Positives -------------------------------------------------------------

void train(torch::nn::Linear model, torch::optim::SGD &opt) {
  auto x = torch::randn({8, 4}, torch::kCUDA);
  float best = 1e9;
  for (int step = 0; step < 100; ++step) {
    auto loss = model(x).sum();
    if (loss.item<float>() < best)
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'if' condition depends on 'item<float>()', which reads CUDA tensor 'loss' on the host, waiting for all queued GPU work (cudaMemcpyAsync + cudaStreamSynchronize in c10::cuda::memcpy_and_sync); consider computing both outcomes on the device and selecting with torch::where [torchsync-sync-control-flow]
      opt.step();
    float scale = loss.is_nonzero() ? 1.0f : 0.5f;
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: '?:' condition depends on 'is_nonzero()', which reads CUDA tensor 'loss' on the host
    switch (loss.argmax().item<int>()) {
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'switch' condition depends on 'item<int>()', which reads CUDA tensor 'loss.argmax()' on the host
    default:
      break;
    }
    if (auto v = loss.item<double>())
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'if' condition depends on 'item<double>()'
      (void)v;
    TORCH_CHECK(loss.isfinite().all().item<bool>(), "loss diverged at ", step);
    // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'TORCH_CHECK' condition depends on 'item<bool>()', which reads CUDA tensor 'loss.isfinite().all()' on the host, waiting for all queued GPU work ({{.*}}); consider 'at::_assert_async(cond)', which checks on the device
    // CHECK-FIXES: at::_assert_async(loss.isfinite().all());
    TORCH_CHECK(loss.equal(loss), "not equal");
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'TORCH_CHECK' condition depends on 'equal()'
    // CHECK-FIXES: TORCH_CHECK(loss.equal(loss), "not equal");
    (void)scale;
  }
  // A loop condition runs every iteration.
  auto err = torch::ones({}, torch::kCUDA);
  while (err.item<float>() > 1e-3)
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'while' condition depends on 'item<float>()', which reads CUDA tensor 'err' on the host, waiting for all queued GPU work ({{.*}}); consider testing the condition once every N iterations
    err = err * 0.5;
  for (int i = 0; err.sum().item<float>() > 0 && i < 10; ++i) {
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'for' condition depends on 'item<float>()'
  }
  do {
    err = err / 2;
  } while (at::is_nonzero(err > 1));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'do-while' condition depends on 'at::is_nonzero()', which reads CUDA tensor 'err > 1' on the host
}

// Unknown device, in forward.
struct Gate : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) {
    if (x.sum().item<float>() > 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'if' condition depends on 'item<float>()', which reads 'x.sum()' on the host if 'x.sum()' is a CUDA tensor
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
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'if' condition depends on 'item<float>()'
      continue;
    MY_CHECK(t.all().item<bool>());
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'TORCH_CHECK' condition depends on 'item<bool>()'
    // CHECK-FIXES: MY_CHECK(t.all().item<bool>());
  }
}

// A template whose edited code does not depend on its parameter: the same
// fix for every instantiation.
template <int N> void templated(torch::Tensor t) {
  for (int i = 0; i < N; ++i) {
    TORCH_CHECK(t.all().item<bool>(), "bad");
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'TORCH_CHECK' condition depends on 'item<bool>()'
    // CHECK-FIXES: at::_assert_async(t.all());
  }
}
template void templated<2>(torch::Tensor);
template void templated<3>(torch::Tensor);
