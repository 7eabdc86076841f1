// RUN: %check_torchsync %s blocking-transfer,torchsync-host-read %t
//
// Lists of batches (checks/utils/Containers.h): a sequence whose elements
// are pairs or tuples of tensors (`std::vector<std::pair<Tensor, Tensor>>`)
// gives an element's tensors (`xs[i].first`, `std::get<1>(xs.at(i))`) the
// join of every tensor put in any element; a container initialized from a
// call of a function defined in this file (a template's instantiation too)
// holds what that function's returns hold.
#include <torch/torch.h>
#include <tuple>
#include <utility>
#include <vector>

using Batches = std::vector<std::pair<torch::Tensor, torch::Tensor>>;

// ---- Positives -------------------------------------------------------------

void pairs_of_host_tensors(torch::Device dev, int n) {
  Batches xs;
  xs.push_back(std::make_pair(torch::zeros({4}), torch::zeros({4})));
  xs.push_back({torch::ones({4}), torch::ones({4})});
  xs.emplace_back(torch::rand({4}), torch::rand({4}));
  for (int step = 0; step < n; ++step) {
    auto a = xs[step % 3].first.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'to(dev)' waits for the GPU to copy host tensor 'xs[step % 3].first' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    auto b = std::get<1>(xs.at(step % 3)).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'to(dev)' waits for the GPU to copy host tensor 'std::get<1>(xs.at(step % 3))' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)a; (void)b;
  }
}
// CHECK-FIXES: auto b_host = std::get<1>(xs.at(step % 3));
// CHECK-FIXES-NEXT: auto b = (dev.is_cuda() && !b_host.is_pinned() ? b_host.pin_memory() : b_host).to(dev, /*non_blocking=*/dev.is_cuda() && !b_host.is_pinned());

// Made by a function of this file: its returns say.
Batches make_batches(int n) {
  Batches out;
  for (int i = 0; i < n; ++i) {
    torch::Tensor x = torch::zeros({2, 4}), y = torch::zeros({2});
    out.push_back({x.clone().to(torch::kInt64), y.clone()});
  }
  return out;
}

std::vector<torch::Tensor> make_list() { return {torch::zeros({4}), torch::ones({4})}; }

template <typename T>
std::vector<std::tuple<torch::Tensor, T>> make_tagged(int n) {
  std::vector<std::tuple<torch::Tensor, T>> out;
  for (int i = 0; i < n; ++i)
    out.emplace_back(torch::zeros({4}), T(i));
  return out;
}

void returned_lists(torch::Device dev, int n) {
  Batches batches = make_batches(8);
  auto list = make_list();
  auto tagged = make_tagged<int>(4);
  for (int step = 0; step < n; ++step) {
    auto x = batches[step % 8].first.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'to(dev)' waits for the GPU to copy host tensor 'batches[step % 8].first' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    auto l = list.front().to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'to(dev)' waits for the GPU to copy host tensor 'list.front()' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    auto t = std::get<0>(tagged[step % 4]).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: 'to(dev)' waits for the GPU to copy host tensor 'std::get<0>(tagged[step % 4])' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)x; (void)l; (void)t;
  }
}
// The accessors' results are given variables of their own, which the
// pinned upload's test reads (docs/checks/blocking-transfer.md).
// CHECK-FIXES: auto l_host = list.front();
// CHECK-FIXES-NEXT: auto l = (dev.is_cuda() && !l_host.is_pinned() ? l_host.pin_memory() : l_host).to(dev, /*non_blocking=*/dev.is_cuda() && !l_host.is_pinned());
// CHECK-FIXES: auto t_host = std::get<0>(tagged[step % 4]);
// CHECK-FIXES-NEXT: auto t = (dev.is_cuda() && !t_host.is_pinned() ? t_host.pin_memory() : t_host).to(dev, /*non_blocking=*/dev.is_cuda() && !t_host.is_pinned());

// In a macro, and in a template.
#define FIRST_OF(c, i) c[i].first
void in_macro(torch::Device dev, int n) {
  Batches xs = make_batches(2);
  for (int step = 0; step < n; ++step) {
    auto a = FIRST_OF(xs, step % 2).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'to(dev)' waits for the GPU to copy host tensor 'FIRST_OF(xs, step % 2)' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)a;
  }
}

template <typename D> void templated(D dev, int n) {
  Batches xs = make_batches(2);
  for (int step = 0; step < n; ++step) {
    auto a = xs[step % 2].second.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'to(dev)' waits for the GPU to copy host tensor 'xs[step % 2].second' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)a;
  }
}
void use_template() { templated(torch::Device(torch::kCUDA), 4); }

// ---- Negatives -------------------------------------------------------------

Batches make_cuda_batches(int n) {
  Batches out;
  for (int i = 0; i < n; ++i)
    out.emplace_back(torch::zeros({4}, torch::kCUDA), torch::zeros({4}, torch::kCUDA));
  return out;
}

Batches load_batches(); // Defined elsewhere: not known in one file.

void lists_not_on_host(torch::Device dev, int n) {
  Batches cuda = make_cuda_batches(4);
  Batches loaded = load_batches();
  Batches mixed = make_batches(2);
  mixed.push_back({torch::ones({4}).cuda(), torch::ones({4}).cuda()});
  for (int step = 0; step < n; ++step) {
    auto a = cuda[step % 4].first.to(dev);
    auto b = loaded[step % 4].first.to(dev);
    auto c = mixed[step % 3].first.to(dev);
    (void)a; (void)b; (void)c;
  }
}

void write_batch(std::pair<torch::Tensor, torch::Tensor> &batch);

void unseen_writes(torch::Device dev, int n) {
  Batches xs = make_batches(2);
  auto &first = xs[0]; // may be written through: nothing is known
  write_batch(xs[1]);
  for (int step = 0; step < n; ++step) {
    auto a = xs[step % 2].first.to(dev);
    (void)a;
  }
  (void)first;
}

// Host tensors only, read on the host: nothing waits.
void cpu_only(int n) {
  Batches xs = make_batches(2);
  for (int step = 0; step < n; ++step) {
    float v = xs[step % 2].first.sum().item<float>();
    (void)v;
  }
}
