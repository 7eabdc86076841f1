//===--- PendingReads.h - Host reads of an unfinished copy ------*- C++ -*-===//
//
// Part of torchsync. A device-to-host copy with non_blocking=true only
// enqueues the copy: the host tensor it fills is valid once something waits
// for the stream. This follows that tensor through clang's CFG of the
// function and finds where the host reads it before any wait.
// torchsync-nonblocking-race reports those reads; torchsync-blocking-transfer
// uses the same walk to decide whether a blocking copy may become a
// non_blocking one.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_PENDINGREADS_H
#define TORCHSYNC_UTILS_PENDINGREADS_H

#include "DeviceInference.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>

namespace clang {
class ASTContext;
namespace tidy::torchsync {

/// The tensor that a device-to-host copy fills.
struct PendingCopy {
  /// The copy call.
  const CallExpr *Copy = nullptr;
  /// The local tensor variable that holds the result; null when the result
  /// is only used in the expression around the copy.
  const VarDecl *Var = nullptr;
  /// Where \c Var gets the result: the copy, or the `h = copy` around it.
  const Stmt *Anchor = nullptr;
};

/// For a copy that returns its result (`to()`, `cpu()`): `auto h = copy;`
/// or `h = copy;` gives h; otherwise no variable.
PendingCopy resultOfCopy(const CallExpr *Copy, ASTContext &Ctx);

/// For `h.copy_(d, ...)` (through views of h): h, or no variable.
PendingCopy destinationOfCopy(const CXXMemberCallExpr *Copy,
                              DeviceInference &DI);

/// Follows pending copies through the CFG of their function. Keeps the
/// CFGs and what it learned about helper functions for one translation
/// unit: call clear() at its end.
class PendingReads {
public:
  PendingReads();
  ~PendingReads();

  struct Result {
    /// The first host read of the result on each path where nothing waited
    /// for the GPU before it.
    llvm::SmallVector<const CallExpr *, 4> Reads;
    /// True when the walk was done (a local tensor variable, a CFG) and no
    /// path used the variable in any way (a read, a metadata query, a
    /// copy, an alias, a return) before a wait: making the copy
    /// non_blocking cannot change what the host sees.
    bool UntouchedBeforeWait = false;
  };

  Result find(const PendingCopy &P, DeviceInference &DI, ASTContext &Ctx);

  /// True when \p Call waits for the GPU: an explicit wait, a host read or
  /// blocking transfer of a tensor that may be on CUDA, an op whose output
  /// size comes from the GPU, or a helper of this translation unit that
  /// does one of those.
  bool isWait(const CallExpr *Call, DeviceInference &DI, ASTContext &Ctx);

  /// True when \p Wait (a blocking copy) is what makes a host read of a
  /// non_blocking download in the same function safe: if \p Wait stopped
  /// waiting, that read would race. Rewriting \p Wait into a non_blocking
  /// copy would then create a nonblocking-race finding.
  bool endsARaceWindow(const CallExpr *Wait, DeviceInference &DI,
                       ASTContext &Ctx);

  void clear();

  struct FunctionCfg;

private:
  FunctionCfg *cfgFor(const Decl *Fn, const Stmt *Body, ASTContext &Ctx);
  bool isWaitImpl(const CallExpr *Call, unsigned Depth, DeviceInference &DI,
                  ASTContext &Ctx);
  bool bodyWaits(const FunctionDecl *FD, unsigned Depth, DeviceInference &DI,
                 ASTContext &Ctx);

  llvm::DenseMap<const Decl *, std::unique_ptr<FunctionCfg>> Cfgs;
  llvm::DenseMap<const FunctionDecl *, bool> WaitingBodies;
  /// endsARaceWindow's probe: find() then counts no blocking copy as a
  /// wait and notes whether it passed \c Probe.
  bool IgnoreBlocking = false;
  const CallExpr *Probe = nullptr;
  bool ProbeSeen = false;
};

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_PENDINGREADS_H
