// RUN: %check_torchsync %s cpu-index %t
#include <torch/torch.h>

using torch::indexing::Slice;
const torch::Device kDev(torch::kCUDA);
const auto kLongCuda = torch::TensorOptions().device(kDev).dtype(torch::kLong);

// ---- Positives -------------------------------------------------------------

// D9: CPU index tensors and host index lists on a CUDA tensor.
void cpu_index(int steps) {
  auto x = torch::randn({16, 8}, kDev);
  auto idx = torch::randperm(16);
  auto rows = torch::tensor({0, 2, 5});
  auto m = torch::rand({16}) > 0.5;
  for (int i = 0; i < steps; ++i) {
    auto a = x.index({rows});
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU index 'rows' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    auto b = x.index({Slice(), torch::arange(4)});
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU index 'torch::arange(4)' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    auto c = at::index(x, {idx});
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::index()' waits for the GPU to copy CPU index 'idx' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    x.index_put_({rows}, torch::zeros({3, 8}, kDev));
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' waits for the GPU to copy CPU index 'rows' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    at::index_put_(x, {idx}, torch::ones({16, 8}, kDev), /*accumulate=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'at::index_put_()' waits for the GPU to copy CPU index 'idx' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    auto d = x.index({m});
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU mask 'm' to the device of CUDA tensor 'x'; make the mask on the device, or copy it there outside the hot path [torchsync-cpu-index]
    (void)a; (void)b; (void)c; (void)d;
  }
}

// D9 on a tensor of unknown device.
void gather_rows(torch::Tensor x, int steps) {
  auto idx = torch::tensor({1, 3});
  for (int i = 0; i < steps; ++i) {
    auto r = x.index({idx});
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU index 'idx' to the device of 'x' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    (void)r;
  }
}

// E7: bernoulli_ with CPU probabilities.
void dropout_mask(int steps) {
  auto t = torch::empty({32}, kDev);
  auto p = torch::full({32}, 0.9);
  for (int i = 0; i < steps; ++i) {
    t.bernoulli_(p);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'bernoulli_()' waits for the GPU to copy CPU probabilities 'p' to the device of CUDA tensor 't'; create 'p' on the device, or copy it there once outside the hot path [torchsync-cpu-index]
    auto s = at::bernoulli(t, torch::rand({32}));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::bernoulli()' waits for the GPU to copy CPU probabilities 'torch::rand({32})' to the device of CUDA tensor 't'; create 'torch::rand({32})' on the device, or copy it there once outside the hot path [torchsync-cpu-index]
    (void)s;
  }
}

// E10: narrow with a tensor start.
void windows(torch::Tensor start, int steps) {
  auto x = torch::randn({64}, kDev);
  auto s = x.argmax();
  for (int i = 0; i < steps; ++i) {
    auto w = x.narrow(0, s, 4);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'narrow()' with a tensor start waits for the GPU to read CUDA tensor 's'; pass an integer start kept on the host, or use 'index_select(dim, s + at::arange(length, s.options()))' (a copy, not a view) [torchsync-cpu-index]
    auto w2 = at::narrow(x, 0, start, 4);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'at::narrow()' with a tensor start waits for the GPU to read 'start' if it is on CUDA; pass an integer start kept on the host, or use 'index_select(dim, start + at::arange(length, start.options()))' (a copy, not a view) [torchsync-cpu-index]
    (void)w; (void)w2;
  }
}

// E12, E13: index_fill_ and masked_fill_ with a tensor value.
void fills(torch::Tensor v, int steps) {
  auto x = torch::randn({16, 8}, kDev);
  auto idx = torch::arange(4, kLongCuda);
  auto mask = x > 0;
  auto top = x.max();
  for (int i = 0; i < steps; ++i) {
    x.index_fill_(0, idx, top);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_fill_()' with a tensor value waits for the GPU to read CUDA tensor 'top'; pass a Scalar value kept on the host, or use 'index_copy_(dim, index, top.expand(shape))', which copies the value on the device [torchsync-cpu-index]
    auto y = at::index_fill(x, 1, idx, v);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::index_fill()' with a tensor value waits for the GPU to read 'v' if it is on CUDA; pass a Scalar value kept on the host, or use 'index_copy_(dim, index, v.expand(shape))', which copies the value on the device [torchsync-cpu-index]
    x.masked_fill_(mask, top);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'masked_fill_()' with a tensor value waits for the GPU to read CUDA tensor 'top'; use 'self.copy_(torch::where(mask, top, self))', which keeps the value on the device [torchsync-cpu-index]
    auto z = x.masked_fill(mask, top);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'masked_fill()' with a tensor value waits for the GPU to read CUDA tensor 'top'; use 'torch::where(mask, top.to(self.scalar_type()), self)', which keeps the value on the device [torchsync-cpu-index]
    auto z2 = at::masked_fill(x, mask, v);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'at::masked_fill()' with a tensor value waits for the GPU to read 'v' if it is on CUDA; use 'torch::where(mask, v.to(self.scalar_type()), self)', which keeps the value on the device [torchsync-cpu-index]
    (void)y; (void)z; (void)z2;
  }
}

// E15: where with a CPU 0-dim operand and a CUDA result.
void clamp_where(int steps) {
  auto x = torch::randn({16}, kDev);
  auto mask = x > 0;
  auto zero = torch::tensor(0.0);
  for (int i = 0; i < steps; ++i) {
    auto a = torch::where(mask, x, torch::tensor(0.0));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::where()' waits for the GPU to copy CPU 0-dim tensor 'torch::tensor(0.0)' to the device of its result; pass the value as a Scalar, or build 'torch::tensor(0.0)' on the device [torchsync-cpu-index]
    auto b = at::where(mask, zero, x);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::where()' waits for the GPU to copy CPU 0-dim tensor 'zero' to the device of its result; pass the value as a Scalar, or build 'zero' on the device [torchsync-cpu-index]
    auto c = x.where(mask, at::scalar_tensor(1.0));
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'where()' waits for the GPU to copy CPU 0-dim tensor 'at::scalar_tensor(1.0)' to the device of its result; pass the value as a Scalar, or build 'at::scalar_tensor(1.0)' on the device [torchsync-cpu-index]
    (void)a; (void)b; (void)c;
  }
}

void where_unknown(torch::Tensor x, torch::Tensor mask, int steps) {
  for (int i = 0; i < steps; ++i) {
    auto a = torch::where(mask, x, torch::tensor(1.0));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::where()' waits for the GPU to copy CPU 0-dim tensor 'torch::tensor(1.0)' to the device of its result if 'mask' is on CUDA; pass the value as a Scalar, or build 'torch::tensor(1.0)' on the device [torchsync-cpu-index]
    (void)a;
  }
}

// E16: a host value put at tensor indices.
struct Buffers {
  torch::Tensor table = torch::zeros({100, 4}, kDev);
  void clear(torch::Tensor *p, int steps) {
    auto idx = torch::randint(100, {8}, kLongCuda);
    for (int i = 0; i < steps; ++i) {
      table.index_put_({idx}, 0.0);
      // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'index_put_()' waits for the GPU to copy the host value '0.0' to the device of 'table' if it is on CUDA; build the value on the device with 'at::scalar_tensor(v, table.options())' [torchsync-cpu-index]
      // CHECK-FIXES: table.index_put_({idx}, at::scalar_tensor(0.0, table.options()));
      p->index_put_({idx}, 1.0);
      // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'index_put_()' waits for the GPU to copy the host value '1.0' to the device of 'p' if it is on CUDA; build the value on the device with 'at::scalar_tensor(v, p->options())' [torchsync-cpu-index]
      // CHECK-FIXES: p->index_put_({idx}, 1.0);
    }
  }
};

void put_values(int steps) {
  auto x = torch::randn({16, 8}, kDev);
  auto idx = torch::arange(4, torch::TensorOptions().device(kDev).dtype(torch::kLong));
  auto cols = torch::randint(8, {4}, kLongCuda);
  auto one = torch::tensor(1.5);
  for (int i = 0; i < steps; ++i) {
    x.index_put_({idx, cols}, -2);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' waits for the GPU to copy the host value '-2' to the device of CUDA tensor 'x'; build the value on the device with 'at::scalar_tensor(v, x.options())' [torchsync-cpu-index]
    // CHECK-FIXES: x.index_put_({idx, cols}, at::scalar_tensor(-2, x.options()));
    x.index_put_({idx}, one);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' waits for the GPU to copy CPU 0-dim tensor 'one' to the device of CUDA tensor 'x'; build the value on the device with 'at::scalar_tensor(v, x.options())' [torchsync-cpu-index]
    // CHECK-FIXES: x.index_put_({idx}, one);
    at::index_put_(x, {idx}, torch::tensor(3.0));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'at::index_put_()' waits for the GPU to copy CPU 0-dim tensor 'torch::tensor(3.0)' to the device of CUDA tensor 'x'; build the value on the device with 'at::scalar_tensor(v, x.options())' [torchsync-cpu-index]
    x.index_put_({torch::arange(2, kDev)}, 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' waits for the GPU to copy the host value '1.0' to the device of CUDA tensor 'x'; build the value on the device with 'at::scalar_tensor(v, x.options())' [torchsync-cpu-index]
    // CHECK-FIXES: x.index_put_({torch::arange(2, kDev)}, at::scalar_tensor(1.0, x.options()));
  }
}

// E17: one element of a 1-D (or n-D with n integers) CUDA tensor.
void set_elements(int steps) {
  auto v = torch::zeros({32}, kDev);
  auto g = torch::zeros({4, 4}, kDev);
  auto c = torch::zeros({4}).cuda();
  for (int i = 0; i < steps; ++i) {
    v.index_put_({i}, 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' of one element of 1-D CUDA tensor 'v' waits for the GPU to copy the host value '1.0' to the device; use 'v.select(0, i).fill_(1.0)', which fills it on the device [torchsync-cpu-index]
    // CHECK-FIXES: v.select(0, i).fill_(1.0);
    g.index_put_({i % 4, 3}, 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' of one element of 2-D CUDA tensor 'g' waits for the GPU to copy the host value '2' to the device; use 'g.select(0, i % 4).select(0, 3).fill_(2)', which fills it on the device [torchsync-cpu-index]
    // CHECK-FIXES: g.select(0, i % 4).select(0, 3).fill_(2);
    c.index_put_({0}, static_cast<double>(i));
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' of one element of 1-D CUDA tensor 'c' waits for the GPU to copy the host value 'static_cast<double>(i)' to the device; use 'c.select(0, 0).fill_(static_cast<double>(i))', which fills it on the device [torchsync-cpu-index]
    // CHECK-FIXES: c.select(0, 0).fill_(static_cast<double>(i));
    auto &r = v.index_put_({0}, 3.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'index_put_()' of one element of 1-D CUDA tensor 'v' waits for the GPU to copy the host value '3.0' to the device; use 'v.select(0, 0).fill_(3.0)', which fills it on the device [torchsync-cpu-index]
    // CHECK-FIXES: auto &r = v.index_put_({0}, 3.0);
    v.index_put_({1}, torch::tensor(4.0));
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' of one element of 1-D CUDA tensor 'v' waits for the GPU to copy CPU 0-dim tensor 'torch::tensor(4.0)' to the device; use 'v.select(0, 1).fill_(torch::tensor(4.0))', which fills it on the device [torchsync-cpu-index]
    // CHECK-FIXES: v.index_put_({1}, torch::tensor(4.0));
    (void)r;
  }
}

// ---- Negatives (CPU tensors, metadata, NO-SYNC look-alikes) ----------------

void negatives(torch::Tensor unknown, torch::Tensor unknown_idx, int steps) {
  auto x = torch::randn({16, 8}, kDev);
  auto v1 = torch::randn({16}, kDev);
  auto idx = torch::arange(4, kLongCuda);
  auto mask = x > 0;
  auto cpu = torch::randn({16, 8});
  auto cpu_idx = torch::randperm(16);
  auto p = torch::rand({16, 8}, kDev);
  auto cpu_zero = torch::tensor(0.0);
  for (int i = 0; i < steps; ++i) {
    // CUDA index tensors (no copy; D8's 1.x accumulate case is
    // version-specific's).
    auto a = x.index({idx});
    x.index_put_({idx}, torch::ones({4, 8}, kDev));
    auto a2 = x.index({Slice(), Slice(0, 4)});
    // D6: one mask on the device with a host value becomes masked_fill_.
    x.index_put_({mask}, 0.0);
    // CPU tensors indexed on the CPU.
    auto b = cpu.index({cpu_idx});
    cpu.index_put_({cpu_idx}, 0.0);
    cpu.index_put_({0, 1}, 2.0);
    // index_select with a CPU index is an error, not a sync.
    auto c = x.index_select(0, cpu_idx);
    // A 0-dim CPU index is read on the host (a select, no copy).
    auto d = x.index({torch::tensor(1)});
    // E17 on a 2-D tensor: the value goes through fill_ (no sync).
    x.index_put_({i}, 1.0);
    x.index_put_({i, Slice()}, 1.0);
    // E17 on a tensor of unknown dimensionality is not reported.
    unknown.index_put_({i}, 1.0);
    // E16 with an index of unknown dtype (it may be a mask: D6).
    x.index_put_({unknown_idx}, 0.0);
    x.index_put_({torch::arange(0.0, 4.0, 1.0, kDev)}, 0.0);
    // The value built on the device.
    x.index_put_({idx}, at::scalar_tensor(0.0, x.options()));
    v1.select(0, i).fill_(1.0);
    v1[i] = 2.0;
    // E7 with CUDA or scalar probabilities.
    x.bernoulli_(p);
    x.bernoulli_(0.3);
    auto e = at::bernoulli(p);
    // E10 with an integer start or a CPU start.
    auto n1 = x.narrow(0, 2, 4);
    auto n2 = x.narrow(0, torch::tensor(2), 4);
    // E12, E13, E14 with Scalar values or CPU values (read from host memory).
    x.index_fill_(0, idx, 1.0);
    x.index_fill_(0, idx, cpu_zero);
    x.masked_fill_(mask, 0.0);
    x.masked_fill_(mask, cpu_zero);
    x.fill_(1.0);
    x.fill_(cpu_zero);
    // E15 with Scalars, CUDA operands, or everything on the CPU.
    auto w1 = torch::where(mask, x, 0.0);
    auto w2 = torch::where(mask, x, torch::zeros_like(x));
    auto w3 = torch::where(cpu > 0, cpu, cpu_zero);
    auto w4 = torch::where(mask, 1.0, 0.0);
    (void)a; (void)a2; (void)b; (void)c; (void)d; (void)e; (void)n1;
    (void)n2; (void)w1; (void)w2; (void)w3; (void)w4;
  }
}

// Outside hot paths a single call is not reported.
torch::Tensor setup(torch::Tensor x) {
  return x.index({torch::tensor({0, 1})});
}

// ---- Macros and templates: reported, never fixed ---------------------------

#define PUT_ONE(t, i) t.index_put_({i}, 1.0)

void in_macro(int steps) {
  auto v = torch::zeros({32}, kDev);
  auto idx = torch::arange(4, kDev);
  for (int i = 0; i < steps; ++i) {
    PUT_ONE(v, i);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'index_put_()' of one element of 1-D CUDA tensor 'v' waits for the GPU to copy the host value '1.0' to the device; use 'v.select(0, i).fill_(1.0)', which fills it on the device [torchsync-cpu-index]
    // CHECK-FIXES: PUT_ONE(v, i);
    PUT_ONE(v, idx);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'index_put_()' waits for the GPU to copy the host value '1.0' to the device of CUDA tensor 'v'; build the value on the device with 'at::scalar_tensor(v, v.options())' [torchsync-cpu-index]
    // CHECK-FIXES: PUT_ONE(v, idx);
  }
}

// A template whose edited code does not depend on its parameter: the same
// fix for every instantiation.
template <typename T>
void put_all(T value, int steps) {
  auto v = torch::zeros({32}, kDev);
  auto idx = torch::randint(32, {4}, kLongCuda);
  for (int i = 0; i < steps; ++i) {
    v.index_put_({i}, 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' of one element of 1-D CUDA tensor 'v' waits for the GPU to copy the host value '1.0' to the device; use 'v.select(0, i).fill_(1.0)', which fills it on the device [torchsync-cpu-index]
    // CHECK-FIXES: v.select(0, i).fill_(1.0);
    v.index_put_({idx}, 0.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' waits for the GPU to copy the host value '0.0' to the device of CUDA tensor 'v'; build the value on the device with 'at::scalar_tensor(v, v.options())' [torchsync-cpu-index]
    // CHECK-FIXES: v.index_put_({idx}, at::scalar_tensor(0.0, v.options()));
    (void)value;
  }
}
template void put_all<float>(float, int);
template void put_all<double>(double, int);
