// RUN: %check_torchsync %s host-data-tensor %t -fix-notes
// RUN: %check_torchsync %s host-data-tensor %t -fix-notes -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6
#include <torch/torch.h>
#include <vector>

torch::Device pick(int);

// ---- Positives -------------------------------------------------------------

// C6: a braced list or a vector with CUDA options is filled on the host and
// copied with a blocking .to(device).
void lists(std::vector<float> &scratch, int steps) {
  torch::Device device(torch::kCUDA);
  auto cuda = torch::TensorOptions().device(torch::kCUDA);
  float scale = 0.5f;
  for (int step = 0; step < steps; ++step) {
    auto a = torch::tensor({1, 2, 3}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto a = torch::tensor({1, 2, 3}).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    auto b = torch::tensor({{1.5, 2.5}, {3.5, 4.5}}, device);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto b = torch::tensor({{.}}{1.5, 2.5}, {3.5, 4.5}}).pin_memory().to(device, /*non_blocking=*/true);
    scratch.push_back(step * scale);
    auto c = torch::tensor(scratch, torch::Device(torch::kCUDA, 0));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy 'scratch' to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto c = torch::tensor(scratch).pin_memory().to(torch::Device(torch::kCUDA, 0), /*non_blocking=*/true);
    // The options hold more than a device: no fix (the dtype would have to
    // be split off).
    auto d = torch::tensor({step, step + 1}, cuda);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto d = torch::tensor({step, step + 1}, cuda);
    auto e = torch::tensor({scale, 1.0f}, cuda.dtype(torch::kHalf));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    auto f = torch::tensor(std::vector<int64_t>{1, 2}, torch::dtype(torch::kLong).device(torch::kCUDA));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy 'std::vector<int64_t>{1, 2}' to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    (void)a; (void)b; (void)c; (void)d; (void)e; (void)f;
  }
}

// A single value in braces is a 1-element list (C6, not C7): torch::full
// keeps its shape [1], values and dtype, and fills on the device.
void single_values(int steps, double lr) {
  auto cuda = torch::TensorOptions().device(torch::kCUDA);
  for (int step = 0; step < steps; ++step) {
    auto a = torch::tensor({3.14}, cuda);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full', which fills the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto a = torch::full({1}, 3.14, cuda);
    auto b = torch::tensor({step}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full', which fills the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto b = torch::full({1}, step, torch::kCUDA);
    auto c = torch::tensor({lr * step}, cuda.dtype(torch::kFloat));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full', which fills the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto c = torch::full({1}, lr * step, cuda.dtype(torch::kFloat));
    auto d = torch::tensor({step > 3}, cuda);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full', which fills the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto d = torch::full({1}, step > 3, cuda);
    auto e = torch::tensor({int64_t(step)}, cuda);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full', which fills the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto e = torch::full({1}, int64_t(step), cuda);
    // int16_t keeps kShort in torch::tensor but would become kLong in
    // torch::full: the 0-dim form, viewed as [1], goes on a note (the
    // result is a view).
    auto f = torch::tensor({int16_t(step)}, cuda);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full' with the same dtype, or 'torch::tensor(v, opts)' for a 0-dim tensor, which fill the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto f = torch::tensor(int16_t(step), cuda).reshape({1});
    // A char converts to the container's int: neither rewrite is offered.
    char ch = 'a';
    auto g = torch::tensor({ch}, cuda);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full' with the same dtype, or 'torch::tensor(v, opts)' for a 0-dim tensor, which fill the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto g = torch::tensor({ch}, cuda);
    // One value in nested braces is a tensor of ones in its shape.
    auto h = torch::tensor({{step}}, cuda);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full', which fills the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto h = torch::full({1, 1}, step, cuda);
    auto k = torch::tensor({{{int16_t(step)}}}, cuda);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full' with the same dtype, or 'torch::tensor(v, opts)' for a 0-dim tensor, which fill the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto k = torch::tensor(int16_t(step), cuda).reshape({1, 1, 1});
    auto m = torch::tensor({{step, step}}, cuda);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto m = torch::tensor({{.}}{step, step}}, cuda);
    (void)a; (void)b; (void)c; (void)d; (void)e; (void)f; (void)g; (void)h;
    (void)k; (void)m;
  }
}

// at::tensor: every form with options copies from the host, one value
// included (at::tensor(T, opts) is at::tensor(ArrayRef<T>(value), opts)).
// Its dtype comes from the options alone, so no rewrite is offered.
void aten_forms(std::vector<double> values, int steps) {
  for (int step = 0; step < steps; ++step) {
    auto a = at::tensor({1, 2}, at::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::tensor()' waits for the GPU to copy a braced list to the device; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto a = at::tensor({1, 2}, at::kCUDA);
    auto b = at::tensor(2.5, at::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::tensor()' waits for the GPU to copy the value '2.5' to the device; use 'at::full' or 'at::scalar_tensor' with the same dtype, which fill the tensor on the device [torchsync-host-data-tensor]
    auto c = at::tensor(at::ArrayRef<double>(values), at::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::tensor()' waits for the GPU to copy 'at::ArrayRef<double>(values)' to the device; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    auto d = at::tensor({double(step)}, at::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::tensor()' waits for the GPU to copy a braced list to the device; use 'at::full' or 'at::scalar_tensor' with the same dtype, which fill the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto d = at::tensor({double(step)}, at::kCUDA);
    (void)a; (void)b; (void)c; (void)d;
  }
}

// Options of unknown device are reported with the assumption spelled out.
// Where the device can be read again (a Device variable, a tensor's
// options), the fix tests it at run time: pinned and copied without
// blocking where it is CUDA, made as before elsewhere (pin_memory() needs
// CUDA); options that cannot be split into a device and the rest (a
// TensorOptions variable) get no fix.
void unknown_device(torch::TensorOptions opts, torch::Device dev,
                    torch::Tensor x) {
  for (int i = 0; i < 4; ++i) {
    auto a = torch::tensor({i, i + 1}, opts);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device if 'opts' names CUDA; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto a = torch::tensor({i, i + 1}, opts);
    auto b = torch::tensor({1.0, 2.0}, dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device if 'dev' names CUDA; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto b = (dev.is_cuda() ? torch::tensor({1.0, 2.0}).pin_memory() : torch::tensor({1.0, 2.0})).to(dev, /*non_blocking=*/dev.is_cuda());
    auto c = torch::tensor({0.5, 0.25}, x.options());
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device if 'x.options()' names CUDA; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto c = (x.is_cuda() ? torch::tensor({0.5, 0.25}, x.options().device(torch::kCPU)).pin_memory() : torch::tensor({0.5, 0.25}, x.options().device(torch::kCPU))).to(x.device(), /*non_blocking=*/x.is_cuda());
    // A single value still gets torch::full: it keeps the meaning on any
    // device.
    auto d = torch::tensor({0.5}, x.options());
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device if 'x.options()' names CUDA; use 'torch::full', which fills the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto d = torch::full({1}, 0.5, x.options());
    (void)a; (void)b; (void)c; (void)d;
  }
}

// A device chosen at run time is CUDA on some runs; on a machine without
// CUDA it is the CPU, where pin_memory() would throw: the fix pins only
// where it is CUDA (test/integration/fix-runs-cpu-only.test runs it there).
void runtime_device(int steps) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  for (int step = 0; step < steps; ++step) {
    auto a = torch::tensor({1, 2}, device);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device if 'device' names CUDA; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto a = (device.is_cuda() ? torch::tensor({1, 2}).pin_memory() : torch::tensor({1, 2})).to(device, /*non_blocking=*/device.is_cuda());
    (void)a;
  }
}

// Loop invariance: values written in the loop, captured by a lambda or
// reachable through a reference are not the same on every run.
void invariance(int steps, float base) {
  float lr = 0.1f;
  float decay = 0.9f;
  float captured = 1.0f;
  auto bump = [&captured] { captured += 1.0f; };
  const std::vector<float> table = {1, 2, 3};
  std::vector<float> shared = {1, 2};
  std::vector<float> &alias = shared;
  for (int step = 0; step < steps; ++step) {
    const float half = base / 2;
    auto a = torch::tensor({lr, base, half}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto a = torch::tensor({lr, base, half}).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    decay *= 0.5f;
    auto b = torch::tensor({lr, decay}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto b = torch::tensor({lr, decay}).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    bump();
    auto c = torch::tensor({captured, 2.0f}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto c = torch::tensor({captured, 2.0f}).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    auto d = torch::tensor(table, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy 'table' to the device; create it once before the loop, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto d = torch::tensor(table).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    alias.push_back(1.0f);
    auto e = torch::tensor(shared, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy 'shared' to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto e = torch::tensor(shared).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    (void)a; (void)b; (void)c; (void)d; (void)e;
  }
}

// Options written as a TensorOptions chain of a dtype and a device: the data
// is made on the CPU with the same dtype, pinned where the device is CUDA.
// Options that ask for more (requires_grad: the copy would not be a leaf)
// get no fix. A token batch written into a row of a tensor on the device of
// that tensor, as a decoder's prefill does.
void option_chains(const std::vector<std::vector<int64_t>> &batches,
                   torch::Device device_, torch::DeviceType kind, int n) {
  auto ids = torch::empty({2, 3}, torch::TensorOptions().dtype(torch::kLong).device(device_));
  for (int b = 0; b < n; ++b) {
    ids.index_put_({b}, torch::tensor(batches[b], ids.options()));
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'torch::tensor()' waits for the GPU to copy 'batches[b]' to the device if 'ids.options()' names CUDA; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: ids.index_put_({b}, (ids.is_cuda() ? torch::tensor(batches[b], ids.options().device(torch::kCPU)).pin_memory() : torch::tensor(batches[b], ids.options().device(torch::kCPU))).to(ids.device(), /*non_blocking=*/ids.is_cuda()));
    auto t = torch::tensor(batches[b], torch::TensorOptions().dtype(torch::kLong).device(device_)).view({-1, 1});
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy 'batches[b]' to the device if 'torch::TensorOptions().dtype(torch::...' names CUDA; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto t = (device_.is_cuda() ? torch::tensor(batches[b], torch::TensorOptions().dtype(torch::kLong).device(torch::kCPU)).pin_memory() : torch::tensor(batches[b], torch::TensorOptions().dtype(torch::kLong).device(torch::kCPU))).to(device_, /*non_blocking=*/device_.is_cuda()).view({-1, 1});
    auto v = torch::tensor(batches[b], kind);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy 'batches[b]' to the device if 'kind' names CUDA; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto v = (kind == at::kCUDA ? torch::tensor(batches[b]).pin_memory() : torch::tensor(batches[b])).to(kind, /*non_blocking=*/kind == at::kCUDA);
    auto w = torch::tensor(batches[b], torch::TensorOptions().device(torch::kCUDA).dtype(torch::kFloat));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy 'batches[b]' to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto w = torch::tensor(batches[b], torch::TensorOptions().device(torch::kCPU).dtype(torch::kFloat)).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    auto x = torch::tensor(batches[b], torch::TensorOptions().dtype(torch::kFloat).device(device_).requires_grad(true));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy 'batches[b]' to the device if 'torch::TensorOptions().dtype(torch::...' names CUDA; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto x = torch::tensor(batches[b], torch::TensorOptions().dtype(torch::kFloat).device(device_).requires_grad(true));
    auto y = torch::tensor(batches[b], torch::TensorOptions().dtype(torch::kLong).device(pick(b)));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy 'batches[b]' to the device if 'torch::TensorOptions().dtype(torch::...' names CUDA; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto y = torch::tensor(batches[b], torch::TensorOptions().dtype(torch::kLong).device(pick(b)));
    (void)t; (void)v; (void)w; (void)x; (void)y;
  }
}

// Hot for other reasons than a loop: only constants could be built once.
struct Scaler : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) {
    auto w = torch::tensor({0.5, 2.0}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; create it once outside the hot path, or pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto w = torch::tensor({0.5, 2.0}).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    auto n = x.size(0);
    auto s = torch::tensor({n, n}, x.options());
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device if 'x.options()' names CUDA; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto s = (x.is_cuda() ? torch::tensor({n, n}, x.options().device(torch::kCPU)).pin_memory() : torch::tensor({n, n}, x.options().device(torch::kCPU))).to(x.device(), /*non_blocking=*/x.is_cuda());
    return x * w + s;
  }
};

torch::Tensor make_offsets(int64_t n) {
  return torch::tensor({n, n + 1}, torch::kCUDA);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
  // CHECK-FIXES: return torch::tensor({n, n + 1}).pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
}

void calls_helper(int steps) {
  for (int i = 0; i < steps; ++i)
    make_offsets(i);
}

// ---- Negatives (CPU tensors, metadata, NO-SYNC look-alikes) ----------------

void negatives(torch::Tensor x, float *host, float *dev_ptr, int steps) {
  auto cuda = torch::TensorOptions().device(torch::kCUDA);
  for (int step = 0; step < steps; ++step) {
    // C7: one scalar, not a braced list: at::scalar_tensor fills on the
    // device.
    auto a = torch::tensor(3.14, cuda);
    auto b = torch::tensor(step, torch::kCUDA);
    auto c = torch::tensor(step * 0.5, torch::Device(torch::kCUDA, 0));
    auto d = at::scalar_tensor(2.0, cuda);
    auto e = torch::scalar_tensor(step, cuda);
    auto f = torch::full({2}, 1.5, cuda);
    auto g = torch::zeros({2}, torch::kCUDA);
    auto h = torch::ones({2}, cuda);
    auto i = torch::arange(10, cuda);
    // CPU tensors: no device, or a CPU device.
    auto j = torch::tensor({1, 2, 3});
    auto k = torch::tensor({1, 2}, torch::kCPU);
    auto l = torch::tensor({1.0, 2.0}, torch::dtype(torch::kFloat));
    auto m = torch::tensor({1, 2}, torch::TensorOptions().dtype(torch::kLong));
    auto n = at::tensor({1, 2});
    auto o = at::tensor(2.0);
    auto p = torch::tensor({step}, torch::Device("cpu"));
    // C9: from_blob wraps a device pointer; nothing is copied.
    auto q = torch::from_blob(dev_ptr, {4}, cuda);
    // C8: a CPU 0-dim operand is read on the host by the kernel launch.
    auto r = x * torch::tensor(2.0);
    auto s = x.add(torch::tensor(1));
    // Empty: nothing to copy.
    auto t = torch::tensor({}, cuda);
    // A CPU tensor made from host data and then moved is a blocking copy
    // that torchsync-blocking-transfer reports (one finding per call).
    auto u = torch::tensor({1, 2}).to(torch::kCUDA);
    auto v = torch::from_blob(host, {4}).to(torch::kCUDA);
    auto w = torch::tensor({1.5, 2.5}).cuda();
    (void)a; (void)b; (void)c; (void)d; (void)e; (void)f; (void)g; (void)h;
    (void)i; (void)j; (void)k; (void)l; (void)m; (void)n; (void)o; (void)p;
    (void)q; (void)r; (void)s; (void)t; (void)u; (void)v; (void)w;
  }
}

// Outside hot paths the copy is a one-off.
torch::Tensor setup() {
  auto weights = torch::tensor({0.1, 0.2, 0.7}, torch::kCUDA);
  auto classes = at::tensor({1, 2, 3}, at::kCUDA);
  return weights + classes;
}

// ---- Macros and templates: reported, never fixed ---------------------------

#define CUDA_PAIR(a, b) torch::tensor({a, b}, torch::kCUDA)
#define ONE(v) torch::tensor({v}, torch::kCUDA)

void in_macros(int steps) {
  for (int step = 0; step < steps; ++step) {
    auto a = CUDA_PAIR(step, 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto a = CUDA_PAIR(step, 2);
    auto b = ONE(1.5);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full', which fills the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto b = ONE(1.5);
    (void)a; (void)b;
  }
}

// A template whose code depends on its parameter, instantiated with two
// types: no fix.
template <typename T>
void in_template(int steps) {
  for (int step = 0; step < steps; ++step) {
    auto a = torch::tensor({T(1), T(step)}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; pin it and copy it with non_blocking=true [torchsync-host-data-tensor]
    // CHECK-FIXES: auto a = torch::tensor({T(1), T(step)}, torch::kCUDA);
    auto b = torch::tensor({T(step)}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::tensor()' waits for the GPU to copy a braced list to the device; use 'torch::full', which fills the tensor on the device [torchsync-host-data-tensor]
    // CHECK-FIXES: auto b = torch::tensor({T(step)}, torch::kCUDA);
    (void)a; (void)b;
  }
}
template void in_template<float>(int);
template void in_template<double>(int);
