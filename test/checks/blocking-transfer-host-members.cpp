// RUN: %check_torchsync %s blocking-transfer %t
// RUN: %check_torchsync %s cpu-index %t-index -check-suffix=INDEX
// Tensor members of a class: a private member whose every write in the
// class's code seen in this file is a host tensor is a host tensor
// (DeviceInference::ofMember); where some write may not be seen, it stays
// unknown. (bench/accuracy/runtime_device/feature_store.cpp.)
#include <torch/torch.h>

#define HOST_TABLE(n) torch::zeros({n})

// Members initialized in the constructor from host factories and never
// written elsewhere in the class: host tensors.
class FeatureStore {
public:
  FeatureStore(int64_t items, int64_t dim)
      : dense_(torch::randn({items, dim})),
        clicks_(torch::randint(0, 2, {items}).to(torch::kFloat)) {}
  void sample(int64_t batch, const torch::Device &device);

private:
  torch::Tensor dense_;
  torch::Tensor clicks_;
};

void FeatureStore::sample(int64_t batch, const torch::Device &device) {
  for (int step = 0; step < 10; ++step) {
    auto ids = torch::randint(0, dense_.size(0), {batch});
    auto x = dense_.index({ids}).to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'to(device)' waits for the GPU to copy host tensor 'dense_.index({ids})' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // A host tensor indexed by a host index: no cpu-index finding.
    auto y = clicks_.index_select(0, ids).to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'to(device)' waits for the GPU to copy host tensor 'clicks_.index_select(0, ids)' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto y = (device.is_cuda() ? clicks_.index_select(0, ids).pin_memory() : clicks_.index_select(0, ids)).to(device, /*non_blocking=*/device.is_cuda());
    (void)x; (void)y;
  }
}

// A default member initializer from a macro, an assignment and changes in
// place in member functions: all host tensors.
class Counts {
public:
  void reset() { table_ = torch::ones({8}); }
  void bump() { table_.add_(1); table_ += 1; }
  void upload(torch::Device device) {
    for (int i = 0; i < 10; ++i) {
      auto t = table_.to(device);
      // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'to(device)' waits for the GPU to copy host tensor 'table_' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      auto u = table_.index({torch::arange(4)});
      // A host table indexed by a host index: no finding.
      (void)t; (void)u;
    }
  }

private:
  torch::Tensor table_ = HOST_TABLE(8);
};

// Only CUDA tensors: a CUDA member.
class Weights {
public:
  Weights() : w_(torch::randn({4}, torch::kCUDA)) {}
  void log() {
    for (int i = 0; i < 10; ++i) {
      auto h = w_.cpu();
      // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'cpu()' waits for the GPU to copy CUDA tensor 'w_' to the host; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
      (void)h;
    }
  }

private:
  torch::Tensor w_;
};

// ---- Not every write seen: unknown -----------------------------------------

struct Public {
  torch::Tensor t = torch::zeros({8});
  void run(torch::Device device) {
    for (int i = 0; i < 10; ++i) {
      auto a = t.index({torch::arange(4)}).to(device);
      // CHECK-MESSAGES-INDEX: :[[@LINE-1]]:18: warning: 'index()' waits for the GPU to copy CPU index 'torch::arange(4)' to the device of 't' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
      (void)a;
    }
  }
};

class Mixed {
public:
  Mixed() : t_(torch::zeros({8})) {}
  void gpu() { t_ = torch::zeros({8}, torch::kCUDA); }
  void run() {
    for (int i = 0; i < 10; ++i) {
      auto a = t_.index({torch::arange(4)});
      // CHECK-MESSAGES-INDEX: :[[@LINE-1]]:19: warning: 'index()' waits for the GPU to copy CPU index 'torch::arange(4)' to the device of 't_' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
      (void)a;
    }
  }

private:
  torch::Tensor t_;
};

class Elsewhere {
public:
  Elsewhere() : t_(torch::zeros({8})) {}
  void load(); // Defined in another file: it may write t_.
  void run() {
    for (int i = 0; i < 10; ++i) {
      auto a = t_.index({torch::arange(4)});
      // CHECK-MESSAGES-INDEX: :[[@LINE-1]]:19: warning: 'index()' waits for the GPU to copy CPU index 'torch::arange(4)' to the device of 't_' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
      (void)a;
    }
  }

private:
  torch::Tensor t_;
};

class HandsOut {
public:
  HandsOut() : t_(torch::zeros({8})) {}
  torch::Tensor &table() { return t_; }
  void run() {
    for (int i = 0; i < 10; ++i) {
      auto a = t_.index({torch::arange(4)});
      // CHECK-MESSAGES-INDEX: :[[@LINE-1]]:19: warning: 'index()' waits for the GPU to copy CPU index 'torch::arange(4)' to the device of 't_' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
      (void)a;
    }
  }

private:
  torch::Tensor t_;
};

class OtherObject {
public:
  OtherObject() : t_(torch::zeros({8})) {}
  void steal(OtherObject &o) { o.t_ = torch::zeros({8}, torch::kCUDA); }
  void run() {
    for (int i = 0; i < 10; ++i) {
      auto a = t_.index({torch::arange(4)});
      // CHECK-MESSAGES-INDEX: :[[@LINE-1]]:19: warning: 'index()' waits for the GPU to copy CPU index 'torch::arange(4)' to the device of 't_' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
      (void)a;
    }
  }

private:
  torch::Tensor t_;
};

class Base {
public:
  Base() : t_(torch::zeros({8})) {}
  void run() {
    for (int i = 0; i < 10; ++i) {
      auto a = t_.index({torch::arange(4)});
      // CHECK-MESSAGES-INDEX: :[[@LINE-1]]:19: warning: 'index()' waits for the GPU to copy CPU index 'torch::arange(4)' to the device of 't_' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
      (void)a;
    }
  }

protected:
  torch::Tensor t_; // A derived class may write it.
};

class Leaf final {
public:
  Leaf() : t_(torch::zeros({8})) {}
  void run() {
    for (int i = 0; i < 10; ++i) {
      auto a = t_.index({torch::arange(4)});
      // Final: no derived class writes it; a host tensor.
      (void)a;
    }
  }

protected:
  torch::Tensor t_; // Final: no derived class.
};

class WithFriend {
  friend void poke(WithFriend &);
public:
  WithFriend() : t_(torch::zeros({8})) {}
  void run() {
    for (int i = 0; i < 10; ++i) {
      auto a = t_.index({torch::arange(4)});
      // CHECK-MESSAGES-INDEX: :[[@LINE-1]]:19: warning: 'index()' waits for the GPU to copy CPU index 'torch::arange(4)' to the device of 't_' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
      (void)a;
    }
  }

private:
  torch::Tensor t_;
};

template <typename T> class Templated {
public:
  Templated() : t_(torch::zeros({8})) {}
  void run() {
    for (int i = 0; i < 10; ++i) {
      auto a = t_.index({torch::arange(4)});
      // CHECK-MESSAGES-INDEX: :[[@LINE-1]]:19: warning: 'index()' waits for the GPU to copy CPU index 'torch::arange(4)' to the device of 't_' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
      (void)a;
    }
  }

private:
  torch::Tensor t_;
};
template class Templated<int>;

class FromParameter {
public:
  explicit FromParameter(torch::Tensor t) : t_(t) {}
  void run() {
    for (int i = 0; i < 10; ++i) {
      auto a = t_.index({torch::arange(4)});
      // CHECK-MESSAGES-INDEX: :[[@LINE-1]]:19: warning: 'index()' waits for the GPU to copy CPU index 'torch::arange(4)' to the device of 't_' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
      (void)a;
    }
  }

private:
  torch::Tensor t_;
};
