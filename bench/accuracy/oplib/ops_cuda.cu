// The CUDA kernels of bench_ops and their launchers.
#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/library.h>

#include <cuda_runtime.h>

#define CHECK_CUDA(x) TORCH_CHECK(x.device().is_cuda(), #x " must be a CUDA tensor")
#define CHECK_CONTIGUOUS(x) TORCH_CHECK(x.is_contiguous(), #x " must be contiguous")
#define CHECK_FLOAT(x) TORCH_CHECK(x.scalar_type() == at::kFloat, #x " must be float32")
#define CHECK_INPUT(x) \
  CHECK_CUDA(x);       \
  CHECK_CONTIGUOUS(x); \
  CHECK_FLOAT(x)

namespace {

constexpr int kThreads = 256;

int blocks_for(int64_t n) { return static_cast<int>((n + kThreads - 1) / kThreads); }

__global__ void mark_kernel(const float* x, int* flags, int64_t n, float threshold) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    flags[i] = x[i] > threshold ? 1 : 0;
}

__global__ void scatter_kernel(const float* x, const int* flags, const int64_t* ends,
                               float* out, int64_t n) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n && flags[i])
    out[ends[i] - 1] = x[i];
}

__global__ void count_kernel(const float* x, int* count, int64_t n, float threshold) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n && x[i] > threshold)
    atomicAdd(count, 1);
}

__global__ void scale_add_kernel(const float* x, const float* y, float* out, int64_t n,
                                 float alpha) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    out[i] = x[i] + alpha * y[i];
}

at::Tensor compact_cuda(const at::Tensor& x, double threshold) {
  CHECK_INPUT(x);
  const c10::cuda::CUDAGuard guard(x.device());
  auto stream = at::cuda::getCurrentCUDAStream();
  const int64_t n = x.numel();
  auto flags = at::empty({n}, x.options().dtype(at::kInt));
  mark_kernel<<<blocks_for(n), kThreads, 0, stream>>>(x.data_ptr<float>(), flags.data_ptr<int>(),
                                                      n, static_cast<float>(threshold));
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  auto ends = flags.cumsum(0);
  const int64_t kept = flags.sum().item<int64_t>();
  auto out = at::empty({kept}, x.options());
  scatter_kernel<<<blocks_for(n), kThreads, 0, stream>>>(
      x.data_ptr<float>(), flags.data_ptr<int>(), ends.data_ptr<int64_t>(),
      out.data_ptr<float>(), n);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

int64_t count_above_cuda(const at::Tensor& x, double threshold) {
  CHECK_INPUT(x);
  const c10::cuda::CUDAGuard guard(x.device());
  auto stream = at::cuda::getCurrentCUDAStream();
  const int64_t n = x.numel();
  auto count = at::zeros({1}, x.options().dtype(at::kInt));
  count_kernel<<<blocks_for(n), kThreads, 0, stream>>>(x.data_ptr<float>(), count.data_ptr<int>(),
                                                       n, static_cast<float>(threshold));
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  int host_count = 0;
  C10_CUDA_CHECK(cudaMemcpy(&host_count, count.data_ptr<int>(), sizeof(int),
                            cudaMemcpyDeviceToHost));
  return host_count;
}

at::Tensor scale_add_cuda(const at::Tensor& x, const at::Tensor& y, double alpha) {
  CHECK_INPUT(x);
  CHECK_INPUT(y);
  TORCH_CHECK(x.sizes() == y.sizes(), "scale_add: shapes differ");
  const c10::cuda::CUDAGuard guard(x.device());
  auto out = at::empty_like(x);
  const int64_t n = x.numel();
  scale_add_kernel<<<blocks_for(n), kThreads, 0, at::cuda::getCurrentCUDAStream()>>>(
      x.data_ptr<float>(), y.data_ptr<float>(), out.data_ptr<float>(), n,
      static_cast<float>(alpha));
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

} // namespace

TORCH_LIBRARY_IMPL(bench_ops, CUDA, m) {
  m.impl("compact", &compact_cuda);
  m.impl("count_above", &count_above_cuda);
  m.impl("scale_add", &scale_add_cuda);
}
