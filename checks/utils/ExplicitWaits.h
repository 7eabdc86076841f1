//===--- ExplicitWaits.h - Calls that make the host wait --------*- C++ -*-===//
//
// Part of torchsync. The calls whose whole purpose is to wait for the GPU
// (catalog rows A1-A10): device, stream and event synchronize in LibTorch and
// in the CUDA runtime and driver APIs, blocking memcpys, frees and
// emptyCache. explicit-sync reports them; nonblocking-race takes them as the
// waits that end a pending copy.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_EXPLICITWAITS_H
#define TORCHSYNC_UTILS_EXPLICITWAITS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace clang::tidy::torchsync {

/// What the host waits for.
enum class WaitKind {
  Device,        ///< All work on the device (or the context).
  Stream,        ///< All work queued on one stream.
  Event,         ///< One event.
  MemcpyAndSync, ///< c10::cuda::memcpy_and_sync: a copy, then its stream.
  Memcpy,        ///< A synchronous host<->device copy.
  EmptyCache,    ///< The caching allocator's release of cached blocks.
  Free,          ///< cudaFree: an implicit device synchronization.
  FreeHost       ///< cudaFreeHost: likewise.
};

/// Which API the call belongs to: it decides which alternative to name.
enum class Family {
  Torch,   ///< LibTorch's CUDA classes and functions.
  Generic, ///< c10::Stream / c10::Event: device-generic wrappers.
  Runtime, ///< The CUDA runtime API.
  Driver   ///< The CUDA driver API.
};

/// Where the stream or event that is waited on is written.
enum class Handle { None, Receiver, FirstArg, FifthArg };

/// The direction of a copy, for the memcpy family: the values of
/// `cudaMemcpyKind` (stable ABI of the CUDA runtime).
enum class CopyDir {
  HostToHost = 0,
  HostToDevice = 1,
  DeviceToHost = 2,
  DeviceToDevice = 3,
  Default = 4,
  FromKindArg ///< Read it from the cudaMemcpyKind argument.
};

struct ExplicitWait {
  llvm::StringLiteral Name;    ///< Canonical qualified name, no leading "::".
  llvm::StringLiteral Display; ///< For C functions: the name users write.
  WaitKind Kind;
  Family Fam;
  Handle Where = Handle::None;
  CopyDir Dir = CopyDir::FromKindArg;
  bool Method = Where == Handle::Receiver;
};

/// Every explicit wait, by canonical declaration.
llvm::ArrayRef<ExplicitWait> explicitWaits();

/// The wait whose canonical qualified name (no leading "::") is \p Name,
/// or null.
const ExplicitWait *findExplicitWait(llvm::StringRef Name);

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_UTILS_EXPLICITWAITS_H
