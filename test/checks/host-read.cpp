// RUN: %check_torchsync %s host-read %t -fix-notes
#include <torch/torch.h>
#include <iostream>

const torch::Device kDev(torch::kCUDA);

// ---- Positives -------------------------------------------------------------

void train_steps(torch::nn::Linear model, torch::optim::SGD &opt) {
  auto x = torch::randn({8, 4}, torch::kCUDA);
  float total = 0;
  for (int step = 0; step < 100; ++step) {
    auto loss = model(x).sum();
    total += loss.item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'loss'; keep it on the device or read it every N steps [torchsync-host-read]
    c10::Scalar s = loss.item();
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'item()' waits for the GPU to read CUDA tensor 'loss'; keep it on the device or read it every N steps [torchsync-host-read]
    total += at::_local_scalar_dense(loss).toFloat();
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: '_local_scalar_dense()' waits for the GPU to read CUDA tensor 'loss'; keep it on the device or read it every N steps [torchsync-host-read]
    bool nz = loss.is_nonzero();
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'is_nonzero()' waits for the GPU to read CUDA tensor 'loss' as a bool; keep the condition on the device (torch::where, at::_assert_async) [torchsync-host-read]
    bool same = x.equal(x * 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'equal()' waits for the GPU to compare CUDA tensor 'x'; use 'at::eq(a, b).all()', a bool tensor that stays on the device [torchsync-host-read]
    bool close = at::allclose(x, x + 1e-6);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'allclose()' waits for the GPU to compare CUDA tensor 'x'; use 'at::isclose(a, b).all()', a bool tensor that stays on the device [torchsync-host-read]
    std::cout << "loss " << loss << "\n";
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'operator<<' waits for the GPU to copy CUDA tensor 'loss' to the host to print it; print sizes() or toString(), or print less often [torchsync-host-read]
    at::print(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'at::print()' waits for the GPU to copy CUDA tensor 'loss' to the host to print it; print sizes() or toString(), or print less often [torchsync-host-read]
    torch::save(loss, "loss.pt");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::save()' waits for the GPU to copy CUDA tensor 'loss' to the host; save outside the loop or less often [torchsync-host-read]
    opt.step();
    (void)s; (void)nz; (void)same; (void)close;
  }
}

// 0-dim tensor indices: the index is read with item() (B7, B8). The
// index_select rewrite (a note fix) needs a long or int index on the indexed
// tensor's device: a float index or a tensor of unknown device gets none.
void pick(torch::Tensor other) {
  auto scores = torch::rand({16}, kDev);
  auto table = torch::randn({16, 8}, kDev);
  for (int i = 0; i < 4; ++i) {
    auto best = scores.argmax();
    auto row = table[best];
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'operator[]' waits for the GPU to read CUDA tensor index 'best'; index on the device with 'index_select(0, best.reshape({1})).squeeze(0)' [torchsync-host-read]
    // CHECK-FIXES: auto row = table.index_select(0, best.reshape({1})).squeeze(0);
    auto row2 = table.index({best});
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'index()' waits for the GPU to read CUDA tensor index 'best'; index on the device with 'index_select(0, best.reshape({1})).squeeze(0)' [torchsync-host-read]
    // CHECK-FIXES: auto row2 = table.index_select(0, best.reshape({1})).squeeze(0);
    auto row3 = (table * 2)[scores.argmin()];
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'operator[]' waits for the GPU to read CUDA tensor index 'scores.argmin()'; index on the device with 'index_select(0, scores.argmin().reshape({1})).squeeze(0)' [torchsync-host-read]
    // CHECK-FIXES: auto row3 = (table * 2).index_select(0, scores.argmin().reshape({1})).squeeze(0);
    auto row4 = table[scores.gt(0).all()];
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'operator[]' waits for the GPU to read CUDA tensor index 'scores.gt(0).all()'; index on the device with 'index_select(0, scores.gt(0).all().reshape({1})).squeeze(0)' [torchsync-host-read]
    // CHECK-FIXES: auto row4 = table[scores.gt(0).all()];
    auto row5 = other[scores.argmax()];
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'operator[]' waits for the GPU to read CUDA tensor index 'scores.argmax()'; index on the device with 'index_select(0, scores.argmax().reshape({1})).squeeze(0)' [torchsync-host-read]
    // CHECK-FIXES: auto row5 = other[scores.argmax()];
    auto row6 = table[scores.max()];
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'operator[]' waits for the GPU to read CUDA tensor index 'scores.max()'; index on the device with 'index_select(0, scores.max().reshape({1})).squeeze(0)' [torchsync-host-read]
    // CHECK-FIXES: auto row6 = table[scores.max()];
    (void)row; (void)row2; (void)row3; (void)row4; (void)row5; (void)row6;
  }
}

// Unknown device: parameters may be CUDA tensors.
float mean_loss(const std::vector<torch::Tensor> &losses, torch::Tensor w) {
  float sum = 0;
  for (const auto &l : losses)
    sum += (l * w).item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'item<float>()' waits for the GPU to read '(l * w)' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
  return sum;
}

// Called from a loop in this file: the body is hot.
float read_one(torch::Tensor t) {
  return t.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'item<float>()' waits for the GPU to read 't.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
}
float caller(torch::Tensor t) {
  float acc = 0;
  while (acc < 10)
    acc += read_one(t);
  return acc;
}

// forward of a Module subclass is hot.
struct Net : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) {
    if (x.dim() > 1)
      std::cout << x.sizes() << x.max() << "\n";
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'operator<<' waits for the GPU to copy 'x.max()' to the host to print it if it is on CUDA; print sizes() or toString(), or print less often [torchsync-host-read]
    return x;
  }
};

// A lambda stored in a variable and called from a loop.
void with_lambda() {
  auto x = torch::ones({4}, torch::TensorOptions().device(torch::kCUDA));
  auto log = [&](const torch::Tensor &t) { return t.item<double>(); };
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'item<double>()' waits for the GPU to read 't' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  for (int i = 0; i < 3; ++i)
    log(x);
}

// Module parameters follow module->to(dev); a variable whose assignments
// disagree has an unknown device.
void params_and_variables(bool gpu) {
  auto model = std::make_shared<Net>();
  model->to(torch::kCUDA);
  auto cpu_model = std::make_shared<Net>();   // never moved: parameters on the CPU
  auto t = torch::zeros({2});
  if (gpu)
    t = t.cuda();
  for (int i = 0; i < 3; ++i) {
    for (auto &p : model->parameters())
      std::cout << p.grad().norm().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'p.grad().norm()'; keep it on the device or read it every N steps [torchsync-host-read]
    for (auto &p : cpu_model->parameters())
      std::cout << p.grad().norm().item<float>();
    float v = t.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'item<float>()' waits for the GPU to read 't.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    (void)v;
  }
}

// ---- Negatives -------------------------------------------------------------

void negatives() {
  // CPU tensors never sync.
  auto cpu = torch::randn({8});
  auto cpu2 = torch::zeros({8}, torch::dtype(torch::kFloat));
  auto moved = torch::randn({8}, kDev).cpu();
  for (int i = 0; i < 10; ++i) {
    float a = cpu.sum().item<float>();
    bool b = cpu.equal(cpu2) && cpu2.allclose(cpu) && cpu.sum().is_nonzero();
    std::cout << cpu << moved.max().item<float>() << "\n";
    auto r = cpu[cpu.argmax()];
    (void)a; (void)b; (void)r;
  }
  // Metadata and NO-SYNC look-alikes on CUDA tensors.
  auto g = torch::randn({8, 8}, torch::kCUDA);
  for (int i = 0; i < 10; ++i) {
    auto s = g.sizes();
    auto n = g.numel() + g.size(0) + g.dim();
    bool c = g.is_cuda();
    auto d = g.device();
    auto dt = g.dtype();
    g.print();                       // TensorBase::print: type and sizes only
    std::cout << g.toString() << g.sizes() << "\n";
    auto row = g[0];                  // int index: a view
    auto m = g.max();                 // 0-dim CUDA tensor, no read
    auto idx = g.index({torch::indexing::Slice(), 0});
    auto p = g.data_ptr<float>();     // a device pointer, no copy
    (void)s; (void)n; (void)c; (void)d; (void)dt; (void)row; (void)m; (void)idx; (void)p;
  }
  // Outside any loop: a one-off read is not reported by default.
  float final_loss = g.sum().item<float>();
  std::cout << g << "\n";
  (void)final_loss;
}

// ---- Macros and templates: reported, never fixed ---------------------------

#define READ(t) (t).item<float>()
#define PICK(t, i) t[i]

void in_macros(torch::Tensor table) {
  auto x = torch::ones({3}, torch::kCUDA);
  for (int i = 0; i < 3; ++i) {
    float v = READ(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'item<float>()' waits for the GPU to read CUDA tensor '(t)'; keep it on the device or read it every N steps [torchsync-host-read]
    auto r = PICK(table, x.argmax());
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'operator[]' waits for the GPU to read CUDA tensor index 'x.argmax()'; index on the device with 'index_select(0, x.argmax().reshape({1})).squeeze(0)' [torchsync-host-read]
    // CHECK-FIXES: auto r = PICK(table, x.argmax());
    (void)v; (void)r;
  }
}

template <typename T>
T read_all(torch::Tensor t, torch::Tensor table) {
  T acc{};
  for (int i = 0; i < 3; ++i) {
    acc += t.item<T>();
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'item<T>()' waits for the GPU to read 't' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    auto r = table[t.argmax()];
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'operator[]' waits for the GPU to read index 't.argmax()' if it is on CUDA; index on the device with 'index_select(0, t.argmax().reshape({1})).squeeze(0)' [torchsync-host-read]
    // CHECK-FIXES: auto r = table[t.argmax()];
    (void)r;
  }
  return acc;
}
template float read_all<float>(torch::Tensor, torch::Tensor);

// `do { ... } while (0)`, the one-statement macro idiom, is not a loop.
#define LOG_VALUE(t) do { std::cout << (t).item<float>(); } while (0)
void not_a_loop(torch::Tensor t) {
  LOG_VALUE(t);
  do {
    std::cout << t.item<float>();
  } while (false);
}
