// RUN: %check_torchsync_real %s blocking-transfer,torchsync-dynamic-shape %t
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s blocking-transfer,torchsync-dynamic-shape %t.211 %}
// The shapes of issue 25 on the real LibTorch headers (Debian libtorch-dev
// 1.13): a variable reassigned to its copy on a device, elements of local
// containers, tensors a user data loader fills through out-parameters, and a
// spelling of an operator that no matcher names.
#include <torch/torch.h>
#include <tuple>
#include <utility>
#include <vector>

void step(torch::Device dev, int n) {
  for (int i = 0; i < n; ++i) {
    torch::Tensor h = torch::zeros({4});
    h = h.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'to(dev)' waits for the GPU to copy host tensor 'h' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    std::vector<torch::Tensor> xs;
    xs.push_back(torch::rand({4}));
    auto a = xs[0].to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(dev)' waits for the GPU to copy host tensor 'xs[0]' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    auto batch = std::make_tuple(torch::rand({8, 4}), torch::randint(0, 3, {8}));
    auto data = std::get<0>(batch).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'to(dev)' waits for the GPU to copy host tensor 'std::get<0>(batch)' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    std::pair<torch::Tensor, torch::Tensor> p{torch::rand({8}), torch::rand({8})};
    auto target = p.second.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'to(dev)' waits for the GPU to copy host tensor 'p.second' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)a; (void)data; (void)target;
  }
}
// CHECK-FIXES: h = (dev.is_cuda() && !h.is_pinned() ? h.pin_memory() : h).to(dev, /*non_blocking=*/dev.is_cuda() && !h.is_pinned());
// CHECK-FIXES: auto a = (dev.is_cuda() && !xs[0].is_pinned() ? xs[0].pin_memory() : xs[0]).to(dev, /*non_blocking=*/dev.is_cuda() && !xs[0].is_pinned());
// CHECK-FIXES: auto data_host = std::get<0>(batch);
// CHECK-FIXES-NEXT: auto data = (dev.is_cuda() && !data_host.is_pinned() ? data_host.pin_memory() : data_host).to(dev, /*non_blocking=*/dev.is_cuda() && !data_host.is_pinned());
// CHECK-FIXES: auto target = (dev.is_cuda() && !p.second.is_pinned() ? p.second.pin_memory() : p.second).to(dev, /*non_blocking=*/dev.is_cuda() && !p.second.is_pinned());

// A user data loader that fills its batches through out-parameters.
struct Loader {
  void next(std::tuple<torch::Tensor, torch::Tensor> &out) {
    out = std::make_tuple(torch::rand({8, 4}), torch::randint(0, 3, {8}));
  }
  bool next_batch(torch::Tensor &x, torch::Tensor &y) {
    x = torch::rand({8, 4});
    y = torch::zeros({8}, torch::kLong);
    return true;
  }
};

void train(Loader &loader, torch::Device dev) {
  std::tuple<torch::Tensor, torch::Tensor> batch;
  torch::Tensor x, y;
  while (loader.next_batch(x, y)) {
    auto d = x.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(dev)' waits for the GPU to copy host tensor 'x' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    loader.next(batch);
    auto t = std::get<1>(batch).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'to(dev)' waits for the GPU to copy host tensor 'std::get<1>(batch)' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)d; (void)t;
  }
}

void count(torch::Tensor a, torch::Tensor b, torch::Tensor c, int n) {
  auto x = torch::randint(0, 8, {64}, torch::TensorOptions(torch::kCUDA).dtype(torch::kLong));
  for (int i = 0; i < n; ++i)
    at::_unique2_outf(x, true, false, false, a, b, c);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'at::_unique2_outf()' runs aten::_unique2, which waits for the GPU to read the size of its output from CUDA tensor 'x'; use a form whose output size is known on the host, or run it less often (sync-catalog row D10) [torchsync-dynamic-shape]
}

// Host tensors only: silent.
void cpu_only(int n) {
  std::vector<torch::Tensor> xs{torch::zeros({4})};
  torch::Tensor t = torch::randn({8});
  t = t * 2;
  for (int i = 0; i < n; ++i) {
    auto u = xs[0] + t;
    auto v = u.to(torch::kCPU);
    (void)v;
  }
}
