// RUN: %check_torchsync_real %s version-specific %t
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s version-specific %t.211 %}
// The real LibTorch headers: multinomial, normal with a tensor std, fill_
// with a tensor and an accumulating index_put_ resolve to the declarations
// the matchers name; the fill_ -> copy_ fix compiles. On Debian's 1.13 all of
// them sync (CHECK-*-V1); on 2.11 only normal's std check is left (the others
// check on the device in 2.x: catalog G12).
#include <torch/torch.h>

void step(int steps) {
  torch::Device dev(torch::kCUDA);
  auto p = torch::rand({4, 10}, dev);
  auto t = torch::randn({16}, dev);
  auto hist = torch::zeros({100}, dev);
  auto idx = torch::randint(100, {32}, dev);
  auto ones = torch::ones({32}, dev);
  for (int i = 0; i < steps; ++i) {
    auto s = torch::multinomial(p, 3);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:14: warning: 'torch::multinomial()' without replacement waits for the GPU to validate the probabilities in LibTorch 1.x; sample with Gumbel top-k, 'std::get<1>((p.log() - at::log(-at::log(at::rand_like(p)))).topk(n))' (a different random stream), or use LibTorch 2.x [torchsync-version-specific]
    auto s1 = p.multinomial(1, /*replacement=*/true);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:17: warning: 'multinomial()' drawing one sample waits for the GPU to validate the probabilities in LibTorch 1.x; sample with Gumbel top-k, 'std::get<1>((p.log() - at::log(-at::log(at::rand_like(p)))).topk(n))' (a different random stream), or use LibTorch 2.x [torchsync-version-specific]
    auto n = at::normal(0.0, t.abs());
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::normal()' with a tensor std waits for the GPU to check std >= 0; use 'mean + std * at::randn_like(std)' (the same distribution, other random values, no check) [torchsync-version-specific]
    auto n2 = at::normal(t, t.abs());
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'at::normal()' with a tensor std waits for the GPU to check std >= 0; use 'mean + std * at::randn_like(std)' (the same distribution, other random values, no check) [torchsync-version-specific]
    t.fill_(t.max());
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:7: warning: 'fill_()' with a tensor value waits for the GPU to read CUDA tensor 't.max()' in LibTorch 1.x; use 'copy_' of the same value, which broadcasts it on the device (as LibTorch 2.x does) [torchsync-version-specific]
    // CHECK-FIXES-V1: t.copy_(t.max());
    hist.index_put_({idx}, ones, /*accumulate=*/true);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:10: warning: 'index_put_()' with accumulate=true waits for the GPU to bounds-check its indices in LibTorch 1.x; use 'index_add_' for one 1-D index, or LibTorch 2.x, which checks on the device [torchsync-version-specific]
    auto h2 = at::index_put(hist, {idx}, ones, true);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:15: warning: 'at::index_put()' with accumulate=true waits for the GPU to bounds-check its indices in LibTorch 1.x; use 'index_add_' for one 1-D index, or LibTorch 2.x, which checks on the device [torchsync-version-specific]
    // Sync-free in 1.13 too.
    auto s2 = torch::multinomial(p, 3, /*replacement=*/true);
    auto n3 = at::normal(t, 1.0);
    t.fill_(0.5);
    hist.index_put_({idx}, ones);
    hist.index_add_(0, idx, ones);
    (void)s; (void)s1; (void)n; (void)n2; (void)h2; (void)s2; (void)n3;
  }
}

void on_cpu(int steps) {
  auto p = torch::rand({10});
  auto t = torch::randn({16});
  for (int i = 0; i < steps; ++i) {
    auto s = torch::multinomial(p, 3);
    t.fill_(t.max());
    (void)s;
  }
}
