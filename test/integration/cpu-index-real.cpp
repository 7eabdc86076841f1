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
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' copies CPU index tensor 'rows' to the device of CUDA tensor 'x' with a blocking copy, waiting for all queued GPU work (index.to(self.device()) in at::native::make_info: cudaMemcpyAsync + cudaStreamSynchronize in c10::cuda::memcpy_and_sync); consider building the index on the device, or copying it there once outside the hot path [torchsync-cpu-index]
    auto b = at::index(x, {rows});
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::index()' copies CPU index tensor 'rows'
    x.index_put_({idx}, 0.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' copies the host value '0.0' to the device of CUDA tensor 'x' with a blocking copy
    // CHECK-FIXES: x.index_put_({idx}, at::scalar_tensor(0.0, x.options()));
    v.index_put_({i}, 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' of one element of 1-D CUDA tensor 'v' copies the host value '1.0' to the device with a blocking copy
    // CHECK-FIXES: v.select(0, i).fill_(1.0);
    x.bernoulli_(p);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'bernoulli_()' with CPU probabilities 'p' copies them to the device of CUDA tensor 'x'
    auto n = x.narrow(0, top.to(torch::kLong), 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'narrow()' with a tensor start reads CUDA tensor 'top.to(torch::kLong)' on the host
    x.index_fill_(0, idx, top);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_fill_()' with a tensor value reads CUDA tensor 'top' on the host
    x.masked_fill_(mask, top);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'masked_fill_()' with a tensor value reads CUDA tensor 'top' on the host
    auto w = torch::where(mask, x, torch::tensor(0.0));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::where()' copies CPU 0-dim tensor 'torch::tensor(0.0)' to the device of its result
    // NO-SYNC look-alikes.
    auto c = x.index({idx});
    x.index_put_({mask}, 0.0);
    x.index_put_({i}, 1.0);
    x.masked_fill_(mask, 1.0);
    auto w2 = torch::where(mask, x, 0.0);
    (void)a; (void)b; (void)n; (void)w; (void)c; (void)w2;
  }
}
