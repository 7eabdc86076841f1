//===--- ExplicitWaits.cpp - Calls that make the host wait ------*- C++ -*-===//

#include "ExplicitWaits.h"

namespace clang::tidy::torchsync {

// The catalog rows A1-A10, by canonical declaration. The `_v2`, `_ptds` and
// `_ptsz` names are what the CUDA headers' macros turn the plain names into
// (API versions, per-thread default stream).
static const ExplicitWait Waits[] = {
    // A1, A2: the whole device.
    {"torch::cuda::synchronize", "", WaitKind::Device, Family::Torch},
    {"c10::cuda::device_synchronize", "", WaitKind::Device, Family::Torch},
    {"cudaDeviceSynchronize", "cudaDeviceSynchronize", WaitKind::Device,
     Family::Runtime},
    {"cudaThreadSynchronize", "cudaThreadSynchronize", WaitKind::Device,
     Family::Runtime},
    {"cuCtxSynchronize", "cuCtxSynchronize", WaitKind::Device, Family::Driver},
    {"cuCtxSynchronize_v2", "cuCtxSynchronize_v2", WaitKind::Device,
     Family::Driver},
    // A3, A4, A7: one stream.
    {"c10::cuda::CUDAStream::synchronize", "", WaitKind::Stream, Family::Torch,
     Handle::Receiver},
    {"c10::Stream::synchronize", "", WaitKind::Stream, Family::Generic,
     Handle::Receiver},
    {"c10::cuda::stream_synchronize", "", WaitKind::Stream, Family::Torch,
     Handle::FirstArg},
    {"cudaStreamSynchronize", "cudaStreamSynchronize", WaitKind::Stream,
     Family::Runtime, Handle::FirstArg},
    {"cudaStreamSynchronize_ptsz", "cudaStreamSynchronize", WaitKind::Stream,
     Family::Runtime, Handle::FirstArg},
    {"cuStreamSynchronize", "cuStreamSynchronize", WaitKind::Stream,
     Family::Driver, Handle::FirstArg},
    {"cuStreamSynchronize_ptsz", "cuStreamSynchronize", WaitKind::Stream,
     Family::Driver, Handle::FirstArg},
    // A5, A6: one event.
    {"at::cuda::CUDAEvent::synchronize", "", WaitKind::Event, Family::Torch,
     Handle::Receiver},
    // The same class in 2.x (2.11's c10/cuda/CUDAEvent.h; at::cuda names it).
    {"c10::cuda::CUDAEvent::synchronize", "", WaitKind::Event, Family::Torch,
     Handle::Receiver},
    {"c10::Event::synchronize", "", WaitKind::Event, Family::Generic,
     Handle::Receiver},
    {"cudaEventSynchronize", "cudaEventSynchronize", WaitKind::Event,
     Family::Runtime, Handle::FirstArg},
    {"cuEventSynchronize", "cuEventSynchronize", WaitKind::Event,
     Family::Driver, Handle::FirstArg},
    // A8.
    {"c10::cuda::memcpy_and_sync", "", WaitKind::MemcpyAndSync, Family::Torch,
     Handle::FifthArg},
    // A9: blocking copies.
    {"cudaMemcpy", "cudaMemcpy", WaitKind::Memcpy, Family::Runtime},
    {"cudaMemcpy_ptds", "cudaMemcpy", WaitKind::Memcpy, Family::Runtime},
    {"cudaMemcpy2D", "cudaMemcpy2D", WaitKind::Memcpy, Family::Runtime},
    {"cudaMemcpy2D_ptds", "cudaMemcpy2D", WaitKind::Memcpy, Family::Runtime},
    {"cudaMemcpyToSymbol", "cudaMemcpyToSymbol", WaitKind::Memcpy,
     Family::Runtime},
    {"cudaMemcpyToSymbol_ptds", "cudaMemcpyToSymbol", WaitKind::Memcpy,
     Family::Runtime},
    {"cudaMemcpyFromSymbol", "cudaMemcpyFromSymbol", WaitKind::Memcpy,
     Family::Runtime},
    {"cudaMemcpyFromSymbol_ptds", "cudaMemcpyFromSymbol", WaitKind::Memcpy,
     Family::Runtime},
    {"cuMemcpyDtoH", "cuMemcpyDtoH", WaitKind::Memcpy, Family::Driver,
     Handle::None, CopyDir::DeviceToHost},
    {"cuMemcpyDtoH_v2", "cuMemcpyDtoH", WaitKind::Memcpy, Family::Driver,
     Handle::None, CopyDir::DeviceToHost},
    {"cuMemcpyDtoH_v2_ptds", "cuMemcpyDtoH", WaitKind::Memcpy, Family::Driver,
     Handle::None, CopyDir::DeviceToHost},
    {"cuMemcpyHtoD", "cuMemcpyHtoD", WaitKind::Memcpy, Family::Driver,
     Handle::None, CopyDir::HostToDevice},
    {"cuMemcpyHtoD_v2", "cuMemcpyHtoD", WaitKind::Memcpy, Family::Driver,
     Handle::None, CopyDir::HostToDevice},
    {"cuMemcpyHtoD_v2_ptds", "cuMemcpyHtoD", WaitKind::Memcpy, Family::Driver,
     Handle::None, CopyDir::HostToDevice},
    // A9: frees.
    {"cudaFree", "cudaFree", WaitKind::Free, Family::Runtime},
    {"cudaFreeHost", "cudaFreeHost", WaitKind::FreeHost, Family::Runtime},
    // A10. In 2.x the free function forwards to the allocator object's method.
    {"c10::cuda::CUDACachingAllocator::emptyCache", "", WaitKind::EmptyCache,
     Family::Torch},
    {"c10::cuda::CUDACachingAllocator::CUDAAllocator::emptyCache", "",
     WaitKind::EmptyCache, Family::Torch, Handle::None, CopyDir::FromKindArg,
     /*Method=*/true},
};

llvm::ArrayRef<ExplicitWait> explicitWaits() { return Waits; }

const ExplicitWait *findExplicitWait(llvm::StringRef Name) {
  for (const ExplicitWait &W : Waits)
    if (W.Name == Name)
      return &W;
  return nullptr;
}

} // namespace clang::tidy::torchsync
