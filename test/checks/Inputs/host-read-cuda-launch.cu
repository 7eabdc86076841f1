// Input of host-read-cuda-launch.test (a file compiled as CUDA; kept out of
// the C++ inputs that fix-all.test runs every check over).
// In a file compiled as CUDA, a tensor whose memory a kernel launch is given
// is a CUDA tensor (DeviceGuards.h). With UnknownDevice: ignore only tensors
// proven CUDA are reported.
#include <torch/torch.h>
#include <cuda_runtime.h>
#include <cstring>

__global__ void scale_kernel(float *out, const float *in, float s, int n) {}

// ---- Positives -------------------------------------------------------------

void launch(at::Tensor out, const at::Tensor &in) {
  float s = in.abs().max().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'in.abs().max()'; keep it on the device or read it every N steps [torchsync-host-read]
  scale_kernel<<<1, 256>>>(out.data_ptr<float>(), in.data_ptr<float>(), s,
                           in.numel());
}

// AT_DISPATCH_FLOATING_TYPES writes the launch in a lambda, under a switch
// on the dtype, not on the device.
#define DISPATCH_FLOAT(T, ...)                                                 \
  [&] {                                                                        \
    switch (T) {                                                               \
    case at::kFloat: {                                                         \
      using scalar_t = float;                                                  \
      return __VA_ARGS__();                                                    \
    }                                                                          \
    default:                                                                   \
      TORCH_CHECK(false, "unsupported type");                                  \
    }                                                                          \
  }()

at::Tensor dispatched(const at::Tensor &in) {
  auto out = at::empty_like(in);
  DISPATCH_FLOAT(in.scalar_type(), [&] {
    scale_kernel<<<1, 256>>>(out.data_ptr<scalar_t>(),
                             (const float *)in.data_ptr(), 2, in.numel());
  });
  float total = in.sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'in.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
  return out * total;
}

// ---- Negatives -------------------------------------------------------------

// The launch runs only when the tensor is on the GPU.
float device_branch(at::Tensor out, at::Tensor in) {
  if (in.is_cuda())
    scale_kernel<<<1, 256>>>(out.data_ptr<float>(), in.data_ptr<float>(), 1,
                             in.numel());
  return in.sum().item<float>();
}

// The launch is given another tensor's memory.
float other_tensor(at::Tensor out, at::Tensor in, at::Tensor other) {
  scale_kernel<<<1, 256>>>(out.data_ptr<float>(), other.data_ptr<float>(), 1,
                           other.numel());
  return in.sum().item<float>();
}

// After an early return the launch does not run on every call.
float after_return(at::Tensor out, at::Tensor in) {
  if (in.numel() == 0)
    return in.sum().item<float>();
  scale_kernel<<<1, 256>>>(out.data_ptr<float>(), in.data_ptr<float>(), 1,
                           in.numel());
  return 0;
}

// Host code reading the data pointer is no launch.
float host_copy(at::Tensor in) {
  float first;
  std::memcpy(&first, in.data_ptr<float>(), sizeof(float));
  return first + in.sum().item<float>();
}
