// RUN: %check_torchsync_real %s host-read %t
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s host-read %t.211 %}
// Operator libraries on the real LibTorch 1.13 headers: registrations make
// their functions hot (EntryPoints.h) and guards decide the devices of their
// parameters (DeviceGuards.h), as on the mock headers.
#include <torch/torch.h>
#include <torch/library.h>
#include <c10/cuda/CUDAGuard.h>
#include <ATen/core/op_registration/op_registration.h>

#define CHECK_CUDA(x) TORCH_CHECK(x.device().is_cuda(), #x " must be a CUDA tensor")

at::Tensor checked(const at::Tensor &x) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  return x / x.max().item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.max()'; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+38]]:40: note: 'checked' is registered as an operator here
}

at::Tensor guarded(const at::Tensor &x) {
  const at::cuda::OptionalCUDAGuard guard(device_of(x));
  return x / x.max().item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.max()'; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+31]]:20: note: 'guarded' is registered as an operator here
}

at::Tensor macros(const at::Tensor &x) {
  CHECK_CUDA(x);
  AT_ASSERTM(x.is_cuda(), "x must be a CUDA tensor");
  return x / x.max().item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.max()'; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+23]]:20: note: 'macros' is registered as an operator here
}

at::Tensor unguarded(const at::Tensor &x) {
  return x / x.max().item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 'x.max()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+17]]:22: note: 'unguarded' is registered as an operator here
}

at::Tensor cuda_kernel(const at::Tensor &x) {
  return x / x.max().item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.max()'; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+12]]:55: note: 'cuda_kernel' is registered as an operator here
}

// Registered for the CPU only: its tensors are CPU tensors.
at::Tensor cpu_kernel(const at::Tensor &x) { return x / x.max().item<float>(); }

TORCH_LIBRARY(myops, m) {
  m.def("checked(Tensor x) -> Tensor", &checked);
  m.def("guarded", guarded);
  m.impl("macros", TORCH_FN(macros));
  m.def("unguarded", &unguarded);
}
TORCH_LIBRARY_IMPL(myops, CUDA, m) { m.impl("kernel", &cuda_kernel); }
TORCH_LIBRARY_IMPL(myops, CPU, m) { m.impl("kernel", &cpu_kernel); }

at::Tensor legacy(const at::Tensor &x) {
  return x / x.max().item<float>();
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read 'x.max()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  // CHECK-NOTES: :[[@LINE+3]]:71: note: 'legacy' is registered as an operator here
}

static auto registry = torch::RegisterOperators().op("myops::legacy", &legacy);

struct Scale : torch::autograd::Function<Scale> {
  static torch::autograd::variable_list
  forward(torch::autograd::AutogradContext *ctx, at::Tensor x) {
    return {x / x.max().item<float>()};
    // CHECK-NOTES: :[[@LINE-1]]:25: warning: 'item<float>()' waits for the GPU to read 'x.max()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-NOTES: :[[@LINE-2]]:25: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-6]]:16: note: 'Scale::forward' is registered as an autograd function here
  }
};
