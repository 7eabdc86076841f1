// RUN: %check_torchsync_real %s cpu-index %t
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s cpu-index %t.211 %}
// The real LibTorch 1.13 headers (Debian libtorch-dev): indexing with CPU
// indices, index_put_ values, bernoulli_, narrow, index_fill_, masked_fill_
// and where resolve to the declarations the matchers name; the E16 and E17
// fixes compile.
#include <torch/torch.h>

void step(int steps) {
  torch::Device dev(torch::kCUDA);
  auto x = torch::randn({16, 8}, dev);
  auto v = torch::zeros({32}, dev);
  auto rows = torch::tensor({0, 2, 5});
  auto idx = torch::randint(16, {4}, torch::TensorOptions().device(dev).dtype(torch::kLong));
  auto p = torch::full({16, 8}, 0.5);
  auto mask = x > 0;
  auto top = x.max();
  for (int i = 0; i < steps; ++i) {
    auto a = x.index({rows});
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU index 'rows' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    auto b = at::index(x, {rows});
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::index()' waits for the GPU to copy CPU index 'rows' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    x.index_put_({idx}, 0.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' waits for the GPU to copy the host value '0.0' to the device of CUDA tensor 'x'; build the value on the device with 'at::scalar_tensor(v, x.options())' [torchsync-cpu-index]
    // CHECK-FIXES: x.index_put_({idx}, at::scalar_tensor(0.0, x.options()));
    v.index_put_({i}, 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' of one element of 1-D CUDA tensor 'v' waits for the GPU to copy the host value '1.0' to the device; use 'v.select(0, i).fill_(1.0)', which fills it on the device [torchsync-cpu-index]
    // CHECK-FIXES: v.select(0, i).fill_(1.0);
    x.bernoulli_(p);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'bernoulli_()' waits for the GPU to copy CPU probabilities 'p' to the device of CUDA tensor 'x'; create 'p' on the device, or copy it there once outside the hot path [torchsync-cpu-index]
    auto n = x.narrow(0, top.to(torch::kLong), 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'narrow()' with a tensor start waits for the GPU to read CUDA tensor 'top.to(torch::kLong)'; pass an integer start kept on the host, or use 'index_select(dim, top.to(torch::kLong) + at::arange(length, top.to(torch::kLong).options()))' (a copy, not a view) [torchsync-cpu-index]
    x.index_fill_(0, idx, top);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_fill_()' with a tensor value waits for the GPU to read CUDA tensor 'top'; pass a Scalar value kept on the host, or use 'index_copy_(dim, index, top.expand(shape))', which copies the value on the device [torchsync-cpu-index]
    x.masked_fill_(mask, top);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'masked_fill_()' with a tensor value waits for the GPU to read CUDA tensor 'top'; use 'self.copy_(torch::where(mask, top, self))', which keeps the value on the device [torchsync-cpu-index]
    auto w = torch::where(mask, x, torch::tensor(0.0));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::where()' waits for the GPU to copy CPU 0-dim tensor 'torch::tensor(0.0)' to the device of its result; pass the value as a Scalar, or build 'torch::tensor(0.0)' on the device [torchsync-cpu-index]
    // NO-SYNC look-alikes.
    auto c = x.index({idx});
    x.index_put_({mask}, 0.0);
    x.index_put_({i}, 1.0);
    x.masked_fill_(mask, 1.0);
    auto w2 = torch::where(mask, x, 0.0);
    (void)a; (void)b; (void)n; (void)w; (void)c; (void)w2;
  }
}
