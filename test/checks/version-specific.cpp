// RUN: %check_torchsync %s version-specific %t -fix-notes
// RUN: %check_torchsync %s version-specific %t -fix-notes -check-suffix=V26 -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6
// 1.13 (the default mock) has the E5, E14 and D8 syncs; 2.6 has only E6.
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

// ---- Positives -------------------------------------------------------------

void sample(int steps) {
  auto p = torch::rand({4, 10}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto s = torch::multinomial(p, 3);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::multinomial()' without replacement waits for the GPU to validate the probabilities in LibTorch 1.x; sample with Gumbel top-k, 'std::get<1>((p.log() - at::log(-at::log(at::rand_like(p)))).topk(n))' (a different random stream), or use LibTorch 2.x [torchsync-version-specific]
    auto s1 = p.multinomial(1, /*replacement=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'multinomial()' drawing one sample waits for the GPU to validate the probabilities in LibTorch 1.x; sample with Gumbel top-k, 'std::get<1>((p.log() - at::log(-at::log(at::rand_like(p)))).topk(n))' (a different random stream), or use LibTorch 2.x [torchsync-version-specific]
    auto s2 = at::multinomial(p, 2, false);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'at::multinomial()' without replacement waits for the GPU to validate the probabilities in LibTorch 1.x; sample with Gumbel top-k, 'std::get<1>((p.log() - at::log(-at::log(at::rand_like(p)))).topk(n))' (a different random stream), or use LibTorch 2.x [torchsync-version-specific]
    (void)s; (void)s1; (void)s2;
  }
}

void noise(torch::Tensor mean, torch::Tensor std, int steps) {
  for (int i = 0; i < steps; ++i) {
    auto a = at::normal(mean, std);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::normal()' with a tensor std waits for the GPU to check std >= 0 if 'std' is on CUDA; use 'mean + std * at::randn_like(std)' (the same distribution, other random values, no check) [torchsync-version-specific]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:14: warning: 'at::normal()' with a tensor std waits for the GPU to check std >= 0 if 'std' is on CUDA; use 'mean + std * at::randn_like(std)' (the same distribution, other random values, no check) [torchsync-version-specific]
    auto b = at::normal(0.0, std);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::normal()' with a tensor std waits for the GPU to check std >= 0 if 'std' is on CUDA; use 'mean + std * at::randn_like(std)' (the same distribution, other random values, no check) [torchsync-version-specific]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:14: warning: 'at::normal()' with a tensor std waits for the GPU to check std >= 0 if 'std' is on CUDA; use 'mean + std * at::randn_like(std)' (the same distribution, other random values, no check) [torchsync-version-specific]
    (void)a; (void)b;
  }
}

void fill(int steps) {
  auto t = torch::randn({16}, kDev);
  auto v = torch::zeros({}, kDev);
  for (int i = 0; i < steps; ++i) {
    t.fill_(v);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'fill_()' with a tensor value waits for the GPU to read CUDA tensor 'v' in LibTorch 1.x; use 'copy_' of the same value, which broadcasts it on the device (as LibTorch 2.x does) [torchsync-version-specific]
    // CHECK-FIXES: t.fill_(v);
    t.fill_(t.max());
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'fill_()' with a tensor value waits for the GPU to read CUDA tensor 't.max()' in LibTorch 1.x; use 'copy_' of the same value, which broadcasts it on the device (as LibTorch 2.x does) [torchsync-version-specific]
    // CHECK-FIXES: t.copy_(t.max());
    const auto m = t.mean();
    t.fill_(m);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'fill_()' with a tensor value waits for the GPU to read CUDA tensor 'm' in LibTorch 1.x; use 'copy_' of the same value, which broadcasts it on the device (as LibTorch 2.x does) [torchsync-version-specific]
    // CHECK-FIXES: t.copy_(m);
    t.fill_(at::scalar_tensor(1.5, t.options()));
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'fill_()' with a tensor value waits for the GPU to read CUDA tensor 'at::scalar_tensor(1.5, t.options())' in LibTorch 1.x; use 'copy_' of the same value, which broadcasts it on the device (as LibTorch 2.x does) [torchsync-version-specific]
    // CHECK-FIXES: t.copy_(at::scalar_tensor(1.5, t.options()));
  }
}

// Unknown devices: 'if ... is a CUDA tensor', and no fix (not proven 0-dim
// on the same device).
void fill_params(torch::Tensor t, torch::Tensor v, int steps) {
  for (int i = 0; i < steps; ++i) {
    t.fill_(v);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'fill_()' with a tensor value waits for the GPU to read 'v' in LibTorch 1.x if it is on CUDA; use 'copy_' of the same value, which broadcasts it on the device (as LibTorch 2.x does) [torchsync-version-specific]
    // CHECK-FIXES: t.fill_(v);
  }
}

void scatter_add(int steps) {
  auto hist = torch::zeros({100}, kDev);
  auto idx = torch::randint(100, {32}, kDev);
  auto ones = torch::ones({32}, kDev);
  auto rows = torch::arange(4, torch::TensorOptions().dtype(torch::kLong).device(kDev));
  for (int i = 0; i < steps; ++i) {
    hist.index_put_({idx}, ones, /*accumulate=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'index_put_()' with accumulate=true waits for the GPU to bounds-check its indices in LibTorch 1.x; use 'index_add_' for one 1-D index, or LibTorch 2.x, which checks on the device [torchsync-version-specific]
    auto h2 = at::index_put(hist, {rows}, ones, true);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'at::index_put()' with accumulate=true waits for the GPU to bounds-check its indices in LibTorch 1.x; use 'index_add_' for one 1-D index, or LibTorch 2.x, which checks on the device [torchsync-version-specific]
    (void)h2;
  }
}

// Called from a loop: the body is hot.
torch::Tensor draw(const torch::Tensor &p) { return p.multinomial(4); }
// CHECK-MESSAGES: :[[@LINE-1]]:55: warning: 'multinomial()' without replacement waits for the GPU to validate the probabilities in LibTorch 1.x if 'p' is on CUDA; sample with Gumbel top-k, 'std::get<1>((p.log() - at::log(-at::log(at::rand_like(p)))).topk(n))' (a different random stream), or use LibTorch 2.x [torchsync-version-specific]
void caller(torch::Tensor p) {
  for (int i = 0; i < 3; ++i)
    draw(p);
}

// ---- Negatives (CPU tensors, metadata, NO-SYNC look-alikes) ----------------

void on_cpu(int steps) {
  auto p = torch::rand({10});
  auto std = torch::ones({10}, torch::kCPU);
  auto t = torch::randn({16});
  auto v = torch::zeros({});
  auto idx = torch::randint(16, {4});
  auto ones = torch::ones({4});
  for (int i = 0; i < steps; ++i) {
    auto s = torch::multinomial(p, 3);
    auto n = at::normal(0.0, std);
    t.fill_(v);
    t.index_put_({idx}, ones, true);
    (void)s; (void)n;
  }
}

// G12 and the sync-free forms.
void sync_free(int steps) {
  auto p = torch::rand({10}, kDev);
  auto t = torch::randn({16}, kDev);
  auto idx = torch::randint(16, {4}, kDev);
  auto vals = torch::ones({4}, kDev);
  auto mask = t > 0;
  for (int i = 0; i < steps; ++i) {
    auto s = torch::multinomial(p, 3, /*replacement=*/true); // n > 1, replacement
    auto n = at::normal(t, 1.0); // a double std
    t.fill_(0.5);                   // a Scalar value
    t.index_put_({idx}, vals);      // accumulate=false
    t.index_put_({idx}, vals, false);
    t.index_add_(0, idx, vals);
    t.index_put_({mask}, vals, true); // a bool mask: dynamic-shape's (D7)
    (void)s; (void)n;
  }
}

// A CPU index on a CUDA tensor is cpu-index's (D9).
void cpu_index(int steps) {
  auto t = torch::zeros({16}, kDev);
  auto idx = torch::randint(16, {4});
  auto vals = torch::ones({4}, kDev);
  for (int i = 0; i < steps; ++i)
    t.index_put_({idx}, vals, true);
}

// Outside hot paths a single call is not reported.
torch::Tensor setup(torch::Tensor p) { return torch::multinomial(p, 2); }

// ---- Macros and templates: reported, never fixed ---------------------------

#define FILL_MAX(t) t.fill_(t.max())

void in_macro(int steps) {
  auto t = torch::randn({16}, kDev);
  for (int i = 0; i < steps; ++i) {
    FILL_MAX(t);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'fill_()' with a tensor value waits for the GPU to read CUDA tensor 't.max()' in LibTorch 1.x; use 'copy_' of the same value, which broadcasts it on the device (as LibTorch 2.x does) [torchsync-version-specific]
    // CHECK-FIXES: FILL_MAX(t);
  }
}

// A template with one instantiation, in this file: the fix is made for the
// types it is used with (test/checks/host-read-templates.cpp has the rules).
template <typename T>
void fill_all(std::vector<T> &ts) {
  for (auto &t : ts)
    t.fill_(t.max());
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'fill_()' with a tensor value waits for the GPU to read 't.max()' in LibTorch 1.x if it is on CUDA; use 'copy_' of the same value, which broadcasts it on the device (as LibTorch 2.x does) [torchsync-version-specific]
  // CHECK-FIXES: t.copy_(t.max());
}
template void fill_all<torch::Tensor>(std::vector<torch::Tensor> &);
