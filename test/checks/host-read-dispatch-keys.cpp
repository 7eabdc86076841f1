// RUN: %check_torchsync %s host-read %t
// RUN: %check_torchsync %s host-read %t-v26 -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6
// A kernel registered only under CUDA dispatch keys receives CUDA tensors;
// one registered only under CPU keys receives CPU tensors, and a sync on
// them is free (DeviceGuards.h). Registered functions are hot.
#include <torch/library.h>
#include <ATen/core/op_registration/op_registration.h>

// ---- Positives: CUDA keys --------------------------------------------------

at::Tensor scale_cuda(const at::Tensor &x) {
  return x / x.max().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.max()'; keep it on the device or read it every N steps [torchsync-host-read]
}

at::Tensor scale_autograd_cuda(const at::Tensor &x) {
  return x / x.max().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.max()'; keep it on the device or read it every N steps [torchsync-host-read]
}

at::Tensor by_dispatch(const at::Tensor &x) {
  return x / x.max().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.max()'; keep it on the device or read it every N steps [torchsync-host-read]
}

at::Tensor by_impl_key(const at::Tensor &x) {
  return x / x.max().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.max()'; keep it on the device or read it every N steps [torchsync-host-read]
}

at::Tensor legacy_kernel(const at::Tensor &x) {
  return x / x.max().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.max()'; keep it on the device or read it every N steps [torchsync-host-read]
}

TORCH_LIBRARY_IMPL(myops, CUDA, m) {
  m.impl("scale", &scale_cuda);
  m.impl("lambda", [](const at::Tensor &x) {
    return x / x.max().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.max()'; keep it on the device or read it every N steps [torchsync-host-read]
  });
}

TORCH_LIBRARY_IMPL(myops, AutogradCUDA, m) {
  m.impl("scale", TORCH_FN(scale_autograd_cuda));
}

TORCH_LIBRARY_FRAGMENT(myops, m) {
  m.impl("by_dispatch", torch::dispatch(c10::DispatchKey::CUDA, &by_dispatch));
  m.impl("by_impl_key", c10::DeviceType::CUDA, &by_impl_key);
}

static auto legacy = torch::RegisterOperators().op(
    "myops::legacy",
    torch::RegisterOperators::options().kernel(c10::DispatchKey::CUDA,
                                               &legacy_kernel));

// ---- Negatives: CPU keys make CPU tensors ----------------------------------

at::Tensor scale_cpu(const at::Tensor &x) {
  return x / x.max().item<float>();
}

at::Tensor scale_sparse_cpu(const at::Tensor &x) {
  return x / x.max().item<float>();
}

TORCH_LIBRARY_IMPL(myops, CPU, m) {
  m.impl("scale", &scale_cpu);
  m.impl("lambda", [](const at::Tensor &x) { return x / x.max().item<float>(); });
}

TORCH_LIBRARY_IMPL(myops, SparseCPU, m) {
  m.impl("scale", &scale_sparse_cpu);
}

// A CPU check in a registered function.
at::Tensor checked_cpu(const at::Tensor &x) {
  TORCH_CHECK(x.is_cpu(), "x must be a CPU tensor");
  return x / x.max().item<float>();
}

// ---- Negatives: no single device -------------------------------------------

// Registered under CPU and CUDA: either.
at::Tensor both(const at::Tensor &x) {
  return x / x.max().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 'x.max()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
}

// A catch-all kernel (m.def with a function) and a CPU one: any device.
at::Tensor catch_all(const at::Tensor &x) {
  return x / x.max().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 'x.max()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
}

// Registered for CPU, but also called directly: callers besides the
// dispatcher may pass any device.
at::Tensor also_called(const at::Tensor &x) {
  return x / x.max().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 'x.max()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
}
at::Tensor caller(const at::Tensor &x) { return also_called(x); }

// A composite key says nothing about the device.
at::Tensor composite(const at::Tensor &x) {
  return x / x.max().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 'x.max()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
}

TORCH_LIBRARY(myops, m) {
  m.def("checked_cpu", &checked_cpu);
  m.def("catch_all", &catch_all);
}

TORCH_LIBRARY_IMPL(myops2, CPU, m) {
  m.impl("both", &both);
  m.impl("catch_all", &catch_all);
  m.impl("also_called", &also_called);
}

TORCH_LIBRARY_IMPL(myops2, CUDA, m) { m.impl("both", &both); }

TORCH_LIBRARY_IMPL(myops2, CompositeImplicitAutograd, m) {
  m.impl("composite", &composite);
}
