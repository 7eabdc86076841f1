// RUN: %check_torchsync %s blocking-transfer,torchsync-host-read %t
//
// User data loaders that fill tensors through out-parameters (non-const
// lvalue references to a tensor, or to a std::tuple, std::pair or
// std::vector of tensors). After the call, the variable passed holds what the
// callee's body writes there (DeviceInference::ofOutParameter); before the
// call, what it held.
#include <torch/torch.h>
#include <tuple>
#include <utility>
#include <vector>

struct Loader {
  void next(std::tuple<torch::Tensor, torch::Tensor> &out) {
    out = std::make_tuple(torch::rand({8, 4}), torch::randint(0, 3, {8}));
  }
  bool next_batch(torch::Tensor &x, torch::Tensor &y) {
    x = torch::rand({8, 4});
    y = torch::zeros({8}, torch::kLong);
    return true;
  }
  void fill(std::pair<torch::Tensor, torch::Tensor> &p) {
    p.first = torch::rand({4});
    p.second = torch::rand({4});
  }
  void fill_vec(std::vector<torch::Tensor> &v) { v.push_back(torch::rand({4})); }
  // Through another out-parameter, and pinned on the way.
  void next_pinned(torch::Tensor &x) {
    torch::Tensor y;
    next_batch(x, y);
    x = x.pin_memory();
  }
  // Through itself.
  void skip(torch::Tensor &x, int n) {
    if (n > 0)
      skip(x, n - 1);
    else
      x = torch::rand({4});
  }
};

// ---- Positives -------------------------------------------------------------

void tuple_out(Loader &loader, torch::Device device, int n) {
  for (int step = 0; step < n; ++step) {
    std::tuple<torch::Tensor, torch::Tensor> batch;
    loader.next(batch);
    auto x = std::get<0>(batch).to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'to(device)' waits for the GPU to copy host tensor 'std::get<0>(batch)' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    auto y = std::get<1>(batch).to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'to(device)' waits for the GPU to copy host tensor 'std::get<1>(batch)' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)x; (void)y;
  }
}

void tensor_outs(Loader &loader, torch::Device device) {
  torch::Tensor a, b;
  while (loader.next_batch(a, b)) {
    auto d = a.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(device)' waits for the GPU to copy host tensor 'a' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    b = b.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'to(device)' waits for the GPU to copy host tensor 'b' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)d;
  }
}

void pair_and_vector_outs(Loader &loader, torch::Device device, int n) {
  for (int step = 0; step < n; ++step) {
    std::pair<torch::Tensor, torch::Tensor> p;
    loader.fill(p);
    auto s = p.second.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'to(device)' waits for the GPU to copy host tensor 'p.second' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    std::vector<torch::Tensor> v;
    loader.fill_vec(v);
    auto f = v.front().to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'to(device)' waits for the GPU to copy host tensor 'v.front()' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    torch::Tensor x, z;
    loader.next_pinned(x);
    auto g = x.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(device)' waits for the GPU to copy host tensor 'x' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    loader.skip(z, step);
    auto h = z.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(device)' waits for the GPU to copy host tensor 'z' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)s; (void)f; (void)g; (void)h;
  }
}

// Read before the call: what the caller put there (a CUDA tensor); after
// it, a host tensor.
void read_before_the_call(Loader &loader, int n) {
  for (int step = 0; step < n; ++step) {
    torch::Tensor x = torch::ones({4}, torch::kCUDA), y;
    float before = x.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
    loader.next_batch(x, y);
    float after = x.sum().item<float>();
    (void)before; (void)after;
  }
}

// In a macro, and in a template.
#define NEXT_INTO(l, t) (l).next(t)
void in_macro(Loader &loader, torch::Device device, int n) {
  for (int step = 0; step < n; ++step) {
    std::tuple<torch::Tensor, torch::Tensor> batch;
    NEXT_INTO(loader, batch);
    auto x = std::get<0>(batch).to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'to(device)' waits for the GPU to copy host tensor 'std::get<0>(batch)' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)x;
  }
}

template <typename D> void templated(Loader &loader, D device, int n) {
  torch::Tensor a, b;
  for (int step = 0; step < n; ++step) {
    loader.next_batch(a, b);
    auto d = a.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(device)' waits for the GPU to copy host tensor 'a' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)d;
  }
}
void use_template(Loader &loader) {
  templated(loader, torch::Device(torch::kCUDA), 4);
}

// ---- Negatives -------------------------------------------------------------

// The loader's out-parameters get tensors already on the device, or moved to
// the device the caller passes (that copy, in the loader, is the one
// reported).
struct DeviceLoader {
  void next(torch::Tensor &x) { x = torch::rand({4}, torch::kCUDA); }
  void next_on(torch::Tensor &x, torch::Device dev) {
    x = torch::rand({4}).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'to(dev)' waits for the GPU to copy host tensor 'torch::rand({4})' to the device if 'dev' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: {{^}}    x = (dev.is_cuda() ? torch::rand({4}).pin_memory() : torch::rand({4})).to(dev, /*non_blocking=*/dev.is_cuda());
  }
  // Moved to the CPU: a host tensor for the caller.
  void next_on_cpu(torch::Tensor &x) { x = torch::rand({4}).to(torch::kCPU); }
};

void already_on_the_device(DeviceLoader &loader, torch::Device device, int n) {
  for (int step = 0; step < n; ++step) {
    torch::Tensor x, y;
    loader.next(x);
    auto a = x.to(device);
    loader.next_on(y, device);
    auto b = y.to(device);
    torch::Tensor z;
    loader.next_on_cpu(z);
    auto c = z.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(device)' waits for the GPU to copy host tensor 'z' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)a; (void)b; (void)c;
  }
}

// Host tensors read on the host: nothing waits.
void cpu_only(Loader &loader, int n) {
  torch::Tensor a, b;
  for (int step = 0; step < n; ++step) {
    loader.next_batch(a, b);
    float v = a.sum().item<float>() + b.sum().item<float>();
    (void)v;
  }
}

// Written by a function that is not seen, a virtual one (an override may
// write anything), or a template: unknown, as before.
void opaque_fill(torch::Tensor &x);
struct OpaqueLoader {
  void next(torch::Tensor &x) { opaque_fill(x); }
};
struct VirtualLoader {
  virtual void next(torch::Tensor &x) { x = torch::rand({4}); }
  virtual ~VirtualLoader() = default;
};
template <typename T> struct TemplateLoader {
  void next(torch::Tensor &x) { x = torch::rand({4}); }
};

void unknown_writers(OpaqueLoader &o, VirtualLoader &v,
                     TemplateLoader<float> &t, torch::Device device, int n) {
  for (int step = 0; step < n; ++step) {
    torch::Tensor a, b, c;
    o.next(a);
    v.next(b);
    t.next(c);
    auto x = a.to(device) + b.to(device) + c.to(device);
    float s = a.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'item<float>()' waits for the GPU to read 'a.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    (void)x; (void)s;
  }
}
