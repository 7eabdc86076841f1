// RUN: %check_torchsync %s host-read %t -config="{CheckOptions: {ReportOutsideLoops: true, UnknownDevice: ignore}}"
// Guards decide the device of a parameter (DeviceGuards.h). With
// UnknownDevice: ignore only tensors proven CUDA are reported, so every
// warning below is a guard at work and every silence a guard that does not
// count.
#include <torch/torch.h>
#include <c10/cuda/CUDAGuard.h>
#include <stdexcept>

#define CHECK_CUDA(x) TORCH_CHECK(x.device().is_cuda(), #x " must be a CUDA tensor")
#define CHECK_CONTIGUOUS(x) TORCH_CHECK(x.is_contiguous(), #x " must be contiguous")
#define CHECK_INPUT(x) \
  CHECK_CUDA(x);       \
  CHECK_CONTIGUOUS(x)

// ---- Positives -------------------------------------------------------------

float check_is_cuda(at::Tensor x) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  return x.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
}

float check_device_is_cuda(const at::Tensor &x) {
  TORCH_CHECK(x.device().is_cuda());
  return x.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
}

float check_device_type(at::Tensor x) {
  TORCH_CHECK(x.device().type() == at::kCUDA, "wrong device");
  return x.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
}

float check_device_type_reversed(at::Tensor x) {
  TORCH_CHECK(c10::DeviceType::CUDA == x.device().type());
  return x.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
}

float assertm(at::Tensor x) {
  AT_ASSERTM(x.is_cuda(), "x must be a CUDA tensor");
  return x.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
}

float internal_assert(at::Tensor x) {
  TORCH_INTERNAL_ASSERT(x.is_cuda());
  return x.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
}

// User macros: what counts is what they expand to.
float user_macros(at::Tensor x, at::Tensor y) {
  CHECK_INPUT(x);
  CHECK_CUDA(y);
  float a = x.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
  float b = y.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'y.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
  return a + b;
}

float conjunction(at::Tensor a, at::Tensor b) {
  TORCH_CHECK(a.is_cuda() && b.device().is_cuda(), "inputs must be CUDA");
  return (a + b).sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'item<float>()' waits for the GPU to read CUDA tensor '(a + b).sum()'; keep it on the device or read it every N steps [torchsync-host-read]
}

float cuda_guard(at::Tensor x) {
  c10::cuda::CUDAGuard guard(x.device());
  return x.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
}

float optional_cuda_guard(const at::Tensor &x) {
  const at::cuda::OptionalCUDAGuard guard(device_of(x));
  return x.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
}

float written_check(at::Tensor x) {
  if (!x.is_cuda())
    throw std::invalid_argument("x must be a CUDA tensor");
  auto y = x * 2; // Results of ops take the device of their inputs.
  return y.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'y.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
}

// A sync before the check: every call that returns normally passed it.
float sync_before_check(at::Tensor x) {
  float v = x.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'x.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
  CHECK_CUDA(x);
  return v;
}

template <typename T> T templated(at::Tensor x) {
  CHECK_CUDA(x);
  return x.sum().item<T>();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'item<T>()' waits for the GPU to read CUDA tensor 'x.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
}
template float templated<float>(at::Tensor);

// ---- Negatives -------------------------------------------------------------

// A guard on another tensor.
float other_tensor(at::Tensor x, at::Tensor y) {
  TORCH_CHECK(y.is_cuda());
  return x.sum().item<float>();
}

// is_cuda() in an `if` decides a branch, not the function.
float in_if(at::Tensor x) {
  float s = 0;
  if (x.is_cuda())
    s = 1;
  return x.sum().item<float>() + s;
}

// An early return before the check: the rest need not pass it.
float after_early_return(at::Tensor x) {
  if (x.numel() == 0)
    return x.sum().item<float>();
  CHECK_CUDA(x);
  return 0;
}

// A check inside a loop or a branch is not at the top level.
float nested_check(at::Tensor x, bool strict) {
  if (strict) {
    TORCH_CHECK(x.is_cuda());
  }
  return x.sum().item<float>();
}

// An `if` that returns rather than throws.
float returns_instead(at::Tensor x) {
  if (!x.is_cuda())
    return 0;
  return x.sum().item<float>();
}

// The parameter is assigned after the check: the check speaks of the old
// value.
float reassigned(at::Tensor x) {
  TORCH_CHECK(x.is_cuda());
  x = x.cpu();
  return x.sum().item<float>();
}

// Conditions that do not say "CUDA".
float negated(at::Tensor x, at::Tensor y) {
  TORCH_CHECK(!x.is_cuda());
  TORCH_CHECK(x.is_cuda() || y.is_cuda());
  return x.sum().item<float>() + y.sum().item<float>();
}

// A guard built from a device index does not check the tensor's device.
float guard_by_index(at::Tensor x) {
  c10::cuda::CUDAGuard guard(x.get_device());
  return x.sum().item<float>();
}

// A CPU check: the tensor is on the CPU (silent in any mode).
float cpu_check(at::Tensor x) {
  TORCH_CHECK(x.is_cpu(), "x must be a CPU tensor");
  return x.sum().item<float>();
}
