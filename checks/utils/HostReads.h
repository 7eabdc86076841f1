//===--- HostReads.h - Calls that read a tensor's value on the host -*- C++
//-*-===//
//
// Part of torchsync. The calls of catalog section B: each copies a value from
// the device and waits in c10::cuda::memcpy_and_sync. Shared by host-read
// (reports them) and sync-control-flow (reports those that decide a branch).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_HOSTREADS_H
#define TORCHSYNC_UTILS_HOSTREADS_H

#include "DeviceInference.h"
#include "TorchApi.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <optional>
#include <string>

namespace clang {
class ASTContext;
namespace tidy::torchsync {

enum class HostReadKind {
  Item,         ///< item(), item<T>(), _local_scalar_dense (B1)
  IsNonzero,    ///< is_nonzero() (B3)
  Equal,        ///< equal() (B4)
  Allclose,     ///< allclose() (B5)
  Print,        ///< operator<<, at::print (B6)
  TensorIndex,  ///< t[idx_tensor] (B7)
  ZeroDimIndex, ///< t.index({zero_dim_tensor}) (B8)
  Save,         ///< torch::save of a tensor (B11)
  SaveState     ///< torch::save of a module, an optimizer or tensors (B11)
};

struct HostRead {
  HostReadKind Kind;
  const CallExpr *Call = nullptr;
  /// The tensor whose value crosses to the host (for B7/B8: the index).
  const Expr *Tensor = nullptr;
  /// The second operand of equal/allclose.
  const Expr *Other = nullptr;
  /// How the API is spelled at the call, e.g. "item<float>()".
  std::string Api;
  /// SaveState: what is saved ("module 'g'", "optimizer 'opt'",
  /// "tensors 'params'"), where its tensors live, and the device spec they
  /// were moved with (`g->to(device)`), when there is exactly one.
  std::string Subject;
  Device StateDevice = Device::Unknown;
  const Expr *StateDeviceSpec = nullptr;
};

/// Cheap name-based matcher for the candidate calls; bind the call with
/// \p Id. asHostRead() decides.
ast_matchers::StatementMatcher hostReadCandidate(llvm::StringRef Id);

/// Classifies \p Call as a host read, or nullopt.
std::optional<HostRead> asHostRead(const CallExpr *Call, DeviceInference &DI,
                                   ASTContext &Ctx);

/// The device that decides whether \p R syncs.
Device deviceOf(const HostRead &R, DeviceInference &DI);

/// The CUDA path every host read ends in (catalog section B).
inline constexpr llvm::StringLiteral HostReadCudaPath = MemcpyAndSyncPath;

/// "CUDA tensor 'x'" when \p D is CUDA, else "'x'".
std::string describeTensor(const Expr *E, Device D, const ASTContext &Ctx);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_HOSTREADS_H
