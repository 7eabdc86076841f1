// RUN: %check_torchsync %s host-read %t
// Functions registered as operators, Python functions or autograd functions
// run once per model step: they are hot without a loop, and so are the
// functions they call in this file (design.md, "What counts as a finding").
#include <torch/extension.h>
#include <ATen/core/op_registration/op_registration.h>

// ---- Positives: TORCH_LIBRARY ---------------------------------------------

at::Tensor by_address(at::Tensor x) {
  float m = x.max().item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: 'item<float>()' waits for the GPU to read 'x.max()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+39]]:43: note: 'by_address' is registered as an operator here
  return x / m;
}

at::Tensor by_name(at::Tensor x) {
  return x * x.sum().item<double>();
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'item<double>()' waits for the GPU to read 'x.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+32]]:20: note: 'by_name' is registered as an operator here
}

at::Tensor by_impl(at::Tensor x) {
  return x * x.sum().item<double>();
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'item<double>()' waits for the GPU to read 'x.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+26]]:21: note: 'by_impl' is registered as an operator here
}

at::Tensor by_torch_fn(at::Tensor x) {
  return x * x.sum().item<double>();
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'item<double>()' waits for the GPU to read 'x.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+20]]:25: note: 'by_torch_fn' is registered as an operator here
}

// A helper of an entry point is hot through the call-site rule.
double norm_of(const at::Tensor &t) {
  return t.norm().item<double>();
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: 'item<double>()' waits for the GPU to read 't.norm()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:19: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+5]]:14: note: 'norm_of' is called on a hot path here
}

at::Tensor calls_helper(at::Tensor x) {
  // Not itself a finding: no sync here.
  return x / norm_of(x);
}

TORCH_LIBRARY(myops, m) {
  m.def("by_address(Tensor x) -> Tensor", &by_address);
  m.def("by_name", by_name);
  m.impl("by_impl", &by_impl);
  m.impl("by_torch_fn", TORCH_FN(by_torch_fn));
  m.def("calls_helper", &calls_helper);
  m.def("lambda_op", [](at::Tensor x) {
    return x * x.mean().item<float>();
    // CHECK-NOTES: :[[@LINE-1]]:25: warning: 'item<float>()' waits for the GPU to read 'x.mean()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-NOTES: :[[@LINE-2]]:25: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-4]]:22: note: 'lambda' is registered as an operator here
  });
}

// Chained registrations in a fragment, through torch::dispatch.
at::Tensor fragment_op(at::Tensor x) {
  return x * x.amax().item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: 'item<float>()' waits for the GPU to read 'x.amax()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:23: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+4]]:64: note: 'fragment_op' is registered as an operator here
}

TORCH_LIBRARY_FRAGMENT(myops, m) {
  m.def("fragment_op(Tensor x) -> Tensor").impl("fragment_op", torch::dispatch(c10::DispatchKey::Autograd, &fragment_op));
}

// ---- Positives: torch::RegisterOperators -----------------------------------

at::Tensor legacy_op(at::Tensor x) {
  return x * x.amin().item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: 'item<float>()' waits for the GPU to read 'x.amin()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:23: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+10]]:72: note: 'legacy_op' is registered as an operator here
}

at::Tensor legacy_ctor(at::Tensor x) {
  return x * x.prod().item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: 'item<float>()' waits for the GPU to read 'x.prod()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:23: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+4]]:70: note: 'legacy_ctor' is registered as an operator here
}

static auto legacy = torch::RegisterOperators().op("myops::legacy_op", &legacy_op);
static auto legacy2 = torch::RegisterOperators("myops::legacy_ctor", &legacy_ctor);

// ---- Positives: pybind11 ---------------------------------------------------

at::Tensor py_forward(at::Tensor x) {
  return x * x.std().item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 'x.std()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+28]]:20: note: 'py_forward' is registered as a Python function here
}

struct Runner {
  at::Tensor run(at::Tensor x) {
    return x * x.var().item<float>();
    // CHECK-NOTES: :[[@LINE-1]]:24: warning: 'item<float>()' waits for the GPU to read 'x.var()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-NOTES: :[[@LINE-2]]:24: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE+28]]:64: note: 'Runner::run' is registered as a Python function here
  }
};

template <typename T> at::Tensor scaled(at::Tensor x) {
  return x * x.max().item<T>();
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'item<T>()' waits for the GPU to read 'x.max()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+13]]:19: note: 'scaled' is registered as a Python function here
}

at::Tensor overloaded(at::Tensor x) {
  return x * x.exp().sum().item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:28: warning: 'item<float>()' waits for the GPU to read 'x.exp().sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:28: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+14]]:23: note: 'overloaded' is registered as a Python function here
}
at::Tensor overloaded(at::Tensor x, double s);

PYBIND11_MODULE(myext, m) {
  m.def("forward", &py_forward, "forward", py::arg("x"));
  m.def("scaled", &scaled<float>);
  m.def("lambda", [](at::Tensor x) {
    return x.min().item<float>();
    // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'item<float>()' waits for the GPU to read 'x.min()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-NOTES: :[[@LINE-2]]:20: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-4]]:19: note: 'lambda' is registered as a Python function here
  });
  py::class_<Runner>(m, "Runner").def(py::init<>()).def("run", &Runner::run);
  m.def("overloaded", py::overload_cast<at::Tensor>(&overloaded));
}

// ---- Positives: torch::autograd::Function ----------------------------------

struct Scale : torch::autograd::Function<Scale> {
  static torch::autograd::variable_list
  forward(torch::autograd::AutogradContext *ctx, at::Tensor x) {
    double s = x.abs().max().item<double>();
    // CHECK-NOTES: :[[@LINE-1]]:30: warning: 'item<double>()' waits for the GPU to read 'x.abs().max()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-NOTES: :[[@LINE-2]]:30: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-6]]:16: note: 'Scale::forward' is registered as an autograd function here
    return {x / s};
  }
  static torch::autograd::variable_list
  backward(torch::autograd::AutogradContext *ctx,
           torch::autograd::variable_list grads) {
    double g = grads[0].sum().item<double>();
    // CHECK-NOTES: :[[@LINE-1]]:31: warning: 'item<double>()' waits for the GPU to read 'grads[0].sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-NOTES: :[[@LINE-2]]:31: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-15]]:16: note: 'Scale::backward' is registered as an autograd function here
    return {grads[0] * g};
  }
};

// ---- Macros and templates --------------------------------------------------

// Registered through a user macro: what counts is what it expands to.
#define REGISTER_OP(m, fn) m.def(#fn, &fn)

at::Tensor macro_op(at::Tensor x) {
  return x * x.median().item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:25: warning: 'item<float>()' waits for the GPU to read 'x.median()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:25: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+3]]:37: note: 'macro_op' is registered as an operator here
}

TORCH_LIBRARY_FRAGMENT(macros, m) { REGISTER_OP(m, macro_op); }

// A class template derived from torch::autograd::Function.
template <typename T> struct TScale : torch::autograd::Function<TScale<T>> {
  static torch::autograd::variable_list
  forward(torch::autograd::AutogradContext *ctx, at::Tensor x) {
    return {x * x.sum().item<float>()};
    // CHECK-NOTES: :[[@LINE-1]]:25: warning: 'item<float>()' waits for the GPU to read 'x.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-NOTES: :[[@LINE-2]]:25: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-6]]:39: note: 'TScale::forward' is registered as an autograd function here
  }
};

// A lambda held in a variable, and a legacy catch-all kernel.
static auto stored_op = [](at::Tensor x) {
  return x * x.logsumexp(0).item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:29: warning: 'item<float>()' waits for the GPU to read 'x.logsumexp(0)' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:29: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+3]]:56: note: 'stored_op' is registered as an operator here
};

TORCH_LIBRARY_FRAGMENT(stored, m) { m.def("stored_op", stored_op); }

static auto catch_all = torch::RegisterOperators().op(
    "myops::catch_all",
    torch::RegisterOperators::options().catchAllKernel([](at::Tensor x) {
      return x * x.sum().item<float>();
      // CHECK-NOTES: :[[@LINE-1]]:26: warning: 'item<float>()' waits for the GPU to read 'x.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
      // CHECK-NOTES: :[[@LINE-2]]:26: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
      // CHECK-NOTES: :[[@LINE-4]]:56: note: 'lambda' is registered as an operator here
    }));

// ---- Negatives -------------------------------------------------------------

// Not registered, no loop, not called from a hot path: a one-off.
float summary(at::Tensor x) { return x.sum().item<float>(); }

// Registered, but the sync is in a function it does not call.
at::Tensor registered_no_sync(at::Tensor x) { return x * 2; }
TORCH_LIBRARY_FRAGMENT(other, m) { m.def("registered_no_sync", &registered_no_sync); }

// A schema without a function registers nothing.
TORCH_LIBRARY_FRAGMENT(schemas, m) { m.def("only_schema(Tensor x) -> Tensor"); }

// A class that is not a torch::autograd::Function.
struct NotAutograd {
  static at::Tensor forward(at::Tensor x) { return x * x.sum().item<float>(); }
};
