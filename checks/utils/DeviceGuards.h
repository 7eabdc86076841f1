//===--- DeviceGuards.h - Parameters whose device a guard decides -*- C++
//-*-===//
//
// Part of torchsync. Within one file the callers of a function are not
// seen, so its tensor parameters have no known device, but operator
// libraries say where their tensors live: they check it, switch the
// current device to it, register the function for one backend, or launch
// CUDA kernels on it (design.md, "Device inference"; docs/options.md
// "Device inference" says what counts, precisely). A guard decides the
// device of a parameter when one of these holds:
//   - a statement of the function body's top level (not inside an `if`, a
//     loop, a `try` or a lambda; a `do { ... } while (false)` or a plain
//     block, as macros write them, counts as top level) with no statement
//     before it that can return, that is
//       - a check that throws unless the condition holds: `TORCH_CHECK`,
//         `TORCH_INTERNAL_ASSERT`, `AT_ASSERTM`, any `CHECK_CUDA`-style macro
//         that expands to them, or a written `if (!(cond)) throw ...;`,
//         whose condition (or one of its `&&` operands) is `x.is_cuda()`,
//         `x.device().is_cuda()`, `x.device().type() == kCUDA` (or the CPU
//         forms);
//       - a `c10::cuda::CUDAGuard` / `OptionalCUDAGuard` variable built from
//         `x.device()` or `device_of(x)` (they throw for a non-CUDA device);
//   - the function is registered only under CUDA (or only under CPU)
//     dispatch keys (`TORCH_LIBRARY_IMPL(ns, CUDA, m)`) and this file does
//     not call it directly: all its tensor parameters are on that device;
//   - in a file compiled as CUDA, `x.data_ptr<T>()` (or a packed accessor of
//     `x`) is passed to a kernel launch `k<<<g, b>>>(...)` that is not under
//     an `if`, `?:` or `switch` whose condition asks a tensor's device, and
//     no statement before the one holding the launch can return.
// The parameter must not be assigned in the function, nor escape (passed by
// non-const reference, its address taken): the guard speaks of the value it
// had on entry.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_DEVICEGUARDS_H
#define TORCHSYNC_UTILS_DEVICEGUARDS_H

#include "EntryPoints.h"
#include "program/Device.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

namespace clang {
class ASTContext;
class FunctionDecl;
class ParmVarDecl;
namespace tidy::torchsync {

class UseIndex;

/// What the guards of one translation unit's functions decide about their
/// parameters. Results are computed once per function; the one instance of
/// a translation unit is shared (SharedAnalyses.h).
class DeviceGuards {
public:
  DeviceGuards(ASTContext &Ctx, UseIndex &Uses, EntryPointIndex &Entries)
      : Ctx(Ctx), Uses(Uses), Entries(Entries) {}

  /// The device a guard decides for \p P: CUDA or CPU; None when no guard
  /// decides it (or guards disagree).
  Device deviceOf(const ParmVarDecl *P);

  /// The place of the guard that decided \p P's device; invalid when none
  /// did.
  SourceLocation guardOf(const ParmVarDecl *P);

  /// The registrations of this translation unit.
  EntryPointIndex &entryPoints() { return Entries; }

private:
  struct Fact {
    Device D = Device::None;
    SourceLocation Loc;
  };
  using FunctionFacts = llvm::DenseMap<const ParmVarDecl *, Fact>;
  const FunctionFacts &factsOf(const FunctionDecl *FD);
  void addFact(FunctionFacts &Facts, const ParmVarDecl *P, Device D,
               SourceLocation Loc);
  void scanTopLevel(const Stmt *S, const FunctionDecl *FD,
                    FunctionFacts &Facts);
  void scanLaunches(const Stmt *S, bool UnderDeviceTest, const FunctionDecl *FD,
                    FunctionFacts &Facts);
  void addDispatchKeyFacts(const FunctionDecl *FD, FunctionFacts &Facts);

  ASTContext &Ctx;
  UseIndex &Uses;
  EntryPointIndex &Entries;
  llvm::DenseMap<const FunctionDecl *, FunctionFacts> Memo;
};

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_DEVICEGUARDS_H
