//===--- Transfers.h - Copies between host and device -----------*- C++ -*-===//
//
// Part of torchsync. `x.to(...)`, `x.cpu()`, `x.cuda()` and `dst.copy_(src)`
// move tensor data between devices. Which way the data goes is read from the
// overload ATen calls (the parameter types: TensorOptions, Device,
// optional<Device>, ScalarType, a tensor), never from argument positions, so
// that every check agrees on the same call.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_TRANSFERS_H
#define TORCHSYNC_UTILS_TRANSFERS_H

#include "CallArgs.h"
#include "DeviceInference.h"
#include "clang/AST/Expr.h"
#include <optional>

namespace clang::tidy::torchsync {

/// Which way a transfer moves data.
enum class Direction { None, DeviceToHost, HostToDevice };

/// One copy of tensor data between devices, as ATen makes it.
struct Transfer {
  /// The tensor whose data moves: the receiver of to/cpu/cuda, the source
  /// of copy_.
  const Expr *Source = nullptr;
  /// What names the destination: the device argument of `to`, the tensor of
  /// `to(other)`, the receiver of copy_; null for cpu() and cuda().
  const Expr *Destination = nullptr;
  Device From = Device::Unknown;
  /// None when the call names no device (`x.to(kHalf)`).
  Device To = Device::None;
  /// `dst.copy_(src)` rather than a call that returns the copy.
  bool IsCopy = false;
  /// The call also converts the dtype.
  bool Converts = false;

  /// The direction, where one side may be assumed: a source of unknown
  /// device moved to the CPU is taken to come from CUDA (and moved to CUDA,
  /// to come from the host); a CPU source moved to an unknown destination,
  /// or one chosen at run time, is taken to go to CUDA. Both sides unknown:
  /// None.
  Direction direction() const;
  /// True when the side that makes direction() a copy is only assumed.
  bool sourceAssumed() const;
  bool destinationAssumed() const;
  /// The device value the finding rests on: From or To where that side is
  /// assumed (Unknown, or Runtime for a device chosen at run time), CUDA
  /// where nothing is assumed. SyncContext::reportsDevice decides on it.
  Device assumedDevice() const;
  /// True unless both sides are known to be on the same device: where a
  /// side is unknown the call may copy.
  bool mayCopy() const;
};

/// The transfer that \p Call makes, for `to`, `cpu`, `cuda` and `copy_` of
/// a tensor, and for a call that LibTorch defines as a copy into a tensor
/// (`obs[i] = h`: the one ATen operator it runs is aten::copy_, Ops.h);
/// nullopt for any other call.
std::optional<Transfer> asTransfer(const CallExpr *Call, DeviceInference &DI);

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_UTILS_TRANSFERS_H
