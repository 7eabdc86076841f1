// RUN: %check_torchsync %s blocking-transfer,torchsync-host-read %t
//
// Elements of local containers (std::vector, std::array, std::tuple,
// std::pair) take the join of every value put in them
// (checks/utils/Containers.h); a write the analysis does not see makes them
// unknown.
#include <torch/torch.h>
#include <array>
#include <tuple>
#include <utility>
#include <vector>

// ---- Positives -------------------------------------------------------------

void vector_of_host_tensors(torch::Device dev, int n) {
  for (int step = 0; step < n; ++step) {
    std::vector<torch::Tensor> xs;
    xs.push_back(torch::zeros({4}));
    xs.emplace_back(torch::ones({4}));
    auto a = xs[0].to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(dev)' waits for the GPU to copy host tensor 'xs[0]' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    auto b = xs.back().to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'to(dev)' waits for the GPU to copy host tensor 'xs.back()' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    for (const auto &x : xs) {
      auto c = x.to(dev);
      // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'to(dev)' waits for the GPU to copy host tensor 'x' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      (void)c;
    }
    (void)a; (void)b;
  }
}

void tuple_and_pair(torch::Device dev, int n) {
  for (int step = 0; step < n; ++step) {
    auto batch = std::make_tuple(torch::rand({8, 4}), torch::randint(0, 3, {8}));
    auto data = std::get<0>(batch).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'to(dev)' waits for the GPU to copy host tensor 'std::get<0>(batch)' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    std::pair<torch::Tensor, torch::Tensor> p{torch::rand({8}), torch::rand({8})};
    auto first = p.first.to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'to(dev)' waits for the GPU to copy host tensor 'p.first' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)data; (void)first;
  }
}

void element_read_on_the_host(int n) {
  std::array<torch::Tensor, 2> acc{torch::zeros({1}).cuda(), torch::zeros({1}).cuda()};
  for (int step = 0; step < n; ++step) {
    float v = acc[1].item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'acc[1]'; keep it on the device or read it every N steps [torchsync-host-read]
    (void)v;
  }
}

// In a macro, and in a template.
#define FIRST_TO(c, d) c[0].to(d)
void in_macro(torch::Device dev, int n) {
  std::vector<torch::Tensor> xs{torch::zeros({2})};
  for (int i = 0; i < n; ++i)
    FIRST_TO(xs, dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'to()' waits for the GPU to copy host tensor 'c[0]' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
}

template <typename D> void templated(D dev, int n) {
  std::vector<torch::Tensor> xs{torch::zeros({2})};
  for (int i = 0; i < n; ++i)
    xs[0].to(dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'to(dev)' waits for the GPU to copy host tensor 'xs[0]' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
}
void use_template() { templated(torch::Device(torch::kCUDA), 4); }

// Containers copied into each other: each holds what either was given.
void copied_both_ways(torch::Device dev, int n) {
  std::vector<torch::Tensor> a{torch::zeros({2})};
  std::vector<torch::Tensor> b{torch::ones({2})};
  for (int i = 0; i < n; ++i) {
    a = b;
    b = a;
    auto x = a[0].to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'to(dev)' waits for the GPU to copy host tensor 'a[0]' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)x;
  }
}

// Ops that take a vector of tensors (torch::cat through an ITensorListRef,
// torch::stack through an ArrayRef) make their result on the device of what
// it holds; ops that return one (split, unbind, meshgrid) put each part on
// the device of their inputs.
void lists_in_and_out(torch::Device dev, int n) {
  for (int step = 0; step < n; ++step) {
    std::vector<torch::Tensor> parts;
    for (int k = 0; k < 3; ++k)
      parts.push_back(torch::arange(4, torch::kFloat32));
    auto joined = torch::cat(parts, 0).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 'to(dev)' waits for the GPU to copy host tensor 'torch::cat(parts, 0)' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto joined = (dev.is_cuda() ? torch::cat(parts, 0).pin_memory() : torch::cat(parts, 0)).to(dev, /*non_blocking=*/dev.is_cuda());
    auto stacked = torch::stack(parts).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 'to(dev)' waits for the GPU to copy host tensor 'torch::stack(parts)' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto stacked = (dev.is_cuda() ? torch::stack(parts).pin_memory() : torch::stack(parts)).to(dev, /*non_blocking=*/dev.is_cuda());
    auto halves = torch::split(torch::rand({8}), 4);
    auto h = halves[1].to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'to(dev)' waits for the GPU to copy host tensor 'halves[1]' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    auto rows = torch::rand({2, 4}).unbind();
    auto r = rows.front().to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'to(dev)' waits for the GPU to copy host tensor 'rows.front()' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    auto g = torch::arange(4, torch::kFloat32);
    auto grids = torch::meshgrid({g, g}, "ij");
    auto cy = ((grids[0] + 0.5f) * 8).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'to(dev)' waits for the GPU to copy host tensor '((grids[0] + 0.5f) * 8)' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto cy = (dev.is_cuda() ? ((grids[0] + 0.5f) * 8).pin_memory() : ((grids[0] + 0.5f) * 8)).to(dev, /*non_blocking=*/dev.is_cuda());
    (void)joined; (void)stacked; (void)h; (void)r; (void)cy;
  }
}

// ---- Negatives -------------------------------------------------------------

void fill(std::vector<torch::Tensor> &out);

// The same ops over CUDA tensors, or a list whose writes are not all seen:
// nothing is known to be on the host.
void lists_not_on_host(torch::Device dev, int n) {
  for (int step = 0; step < n; ++step) {
    std::vector<torch::Tensor> parts{torch::rand({4}, torch::kCUDA)};
    auto joined = torch::cat(parts, 0).to(dev);
    auto on_gpu = torch::arange(4, torch::TensorOptions().device(torch::kCUDA));
    auto grids = torch::meshgrid({on_gpu, on_gpu});
    auto g = grids[0].to(dev);
    std::vector<torch::Tensor> filled{torch::zeros({4})};
    fill(filled);
    auto s = torch::stack(filled).to(dev);
    (void)joined; (void)g; (void)s;
  }
}

void unseen_writes(torch::Device dev, int n) {
  for (int step = 0; step < n; ++step) {
    std::vector<torch::Tensor> xs{torch::zeros({4})};
    fill(xs); // may put anything in it: xs[0] is not known to be a host
              // tensor, and a copy of it to 'dev' is not reported
    auto a = xs[0].to(dev);
    (void)a;
  }
}

// Host tensors only, read on the host: nothing waits.
void cpu_only(int n) {
  std::vector<torch::Tensor> xs{torch::zeros({4}), torch::ones({4})};
  auto pr = std::make_pair(torch::zeros({1}), torch::ones({1}));
  for (int step = 0; step < n; ++step) {
    float v = xs[1].sum().item<float>() + pr.second.item<float>();
    (void)v;
  }
}

// Mixed devices in one vector: unknown, not proven host.
void mixed(int n) {
  std::vector<torch::Tensor> xs{torch::zeros({4}), torch::ones({4}).cuda()};
  for (int step = 0; step < n; ++step) {
    float v = xs[0].sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'item<float>()' waits for the GPU to read 'xs[0].sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    (void)v;
  }
}
