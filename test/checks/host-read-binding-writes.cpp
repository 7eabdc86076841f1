// RUN: %check_torchsync %s host-read %t
// Structured bindings follow the same rule as variables: an assignment to a
// binding joins its device, and binding a tuple by non-const reference lets
// the tuple change through the bindings. Forwarding a tensor into something
// that copies it only reads it.
#include <torch/torch.h>
#include <optional>
#include <tuple>
#include <vector>

void binding_assigned() {
  auto d = torch::ones({4}).cuda();
  for (int i = 0; i != 10; ++i) {
    auto [a, b] = std::make_tuple(torch::zeros(4), torch::zeros(4));
    a = d;
    auto w = a.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 'a.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    (void)w; (void)b;
  }
}

void tuple_written_through_bindings() {
  auto d = torch::ones({4}).cuda();
  for (int i = 0; i != 10; ++i) {
    auto tup = std::make_tuple(torch::zeros(4), torch::zeros(4));
    auto &[x, y] = tup;
    x = d;
    auto w = std::get<0>(tup).sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'item<float>()' waits for the GPU to read 'std::get<0>(tup).sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    (void)w; (void)y;
  }
}

// Negatives: copies made through forwarding references leave the CPU proof.
void forwarded_copies() {
  for (int i = 0; i != 10; ++i) {
    auto t = torch::zeros(4);
    std::optional<torch::Tensor> opt(t);
    auto pair = std::make_tuple(t, t);
    std::vector<torch::Tensor> all;
    all.emplace_back(t);
    auto [p, q] = std::make_tuple(torch::zeros(4), torch::ones(4));
    auto w = t.sum().item<float>() + p.sum().item<float>();
    (void)w; (void)opt; (void)pair; (void)q;
  }
}
