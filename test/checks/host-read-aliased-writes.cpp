// RUN: %check_torchsync %s host-read %t
// A CPU proof must see every write to a variable: a tensor written through
// std::forward_as_tuple, std::tie, a non-const reference or pointer, an
// out-parameter, a lambda that captures it by reference or std::swap is not
// proven CPU, and a host read of it in a loop is reported; after set_() it is
// on the device of its new storage.
#include <torch/torch.h>
#include <tuple>
#include <utility>

void fill(torch::Tensor &out, const torch::Tensor &src);

void forward_as_tuple_write() {
  auto d = torch::ones({4}).cuda();
  for (int i = 0; i != 10; ++i) {
    auto p = torch::ones(10);
    torch::Tensor o, o2;
    std::forward_as_tuple(o, o2) = std::make_tuple(d * 2, d);
    p = o.exp();
    auto w = p.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 'p.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    (void)w;
  }
}

void tie_write() {
  auto d = torch::ones({4}).cuda();
  for (int i = 0; i != 10; ++i) {
    torch::Tensor a = torch::zeros(4), b = torch::zeros(4);
    std::tie(a, b) = std::make_tuple(d, d);
    auto w = a.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 'a.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    (void)w;
  }
}

void reference_write() {
  auto d = torch::ones({4}).cuda();
  for (int i = 0; i != 10; ++i) {
    auto t = torch::zeros(4);
    torch::Tensor &r = t;
    r = d;
    auto w = t.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 't.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    (void)w;
  }
}

void pointer_write() {
  auto d = torch::ones({4}).cuda();
  for (int i = 0; i != 10; ++i) {
    auto t = torch::zeros(4);
    torch::Tensor *ptr = &t;
    *ptr = d;
    auto w = t.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 't.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    (void)w;
  }
}

void out_parameter_write() {
  auto d = torch::ones({4}).cuda();
  for (int i = 0; i != 10; ++i) {
    auto t = torch::zeros(4);
    fill(t, d);
    auto w = t.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 't.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    (void)w;
  }
}

void lambda_write() {
  auto d = torch::ones({4}).cuda();
  for (int i = 0; i != 10; ++i) {
    auto t = torch::zeros(4);
    auto set = [&] { t = d; };
    set();
    auto w = t.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 't.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    (void)w;
  }
}

void swap_write() {
  auto d = torch::ones({4}).cuda();
  for (int i = 0; i != 10; ++i) {
    auto t = torch::zeros(4);
    std::swap(t, d);
    auto w = t.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 't.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    (void)w;
  }
}

void set_write() {
  auto d = torch::ones({4}).cuda();
  for (int i = 0; i != 10; ++i) {
    auto t = torch::zeros(4);
    t.set_(d);
    // set_ gives t the storage of d: where it is read, after set_, t is on
    // the device of d.
    auto w = t.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read CUDA tensor 't.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
    (void)w;
  }
}

// Negatives: reads through const references, by value and in-place ops that
// keep the device leave the CPU proof standing.
float by_value(torch::Tensor t);
float by_const_ref(const torch::Tensor &t);

void cpu_reads_only() {
  for (int i = 0; i != 10; ++i) {
    auto t = torch::zeros(4);
    const torch::Tensor &c = t;
    t.add_(1);
    t.copy_(torch::ones(4));
    float s = by_value(t) + by_const_ref(t) + c.sum().item<float>();
    auto w = t.sum().item<float>();
    (void)s;
    (void)w;
  }
}
