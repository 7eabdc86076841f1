//===--- Transfers.cpp - Copies between host and device -------------------===//

#include "Transfers.h"
#include "Ops.h"
#include "SharedAnalyses.h"
#include "TorchApi.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torchsync {

Direction Transfer::direction() const {
  if (To == Device::CPU && From != Device::CPU)
    return Direction::DeviceToHost;
  if (To == Device::CUDA && From != Device::CUDA)
    return Direction::HostToDevice;
  // A host tensor moved to an unknown device, or to a device chosen at run
  // time: a copy to the GPU when that device is CUDA.
  if ((To == Device::Unknown || To == Device::Runtime) && From == Device::CPU &&
      Destination)
    return Direction::HostToDevice;
  // FIXME: both sides unknown (e.g. a parameter moved to a parameter
  // device) is not a direction; it is as often a no-op as a copy.
  return Direction::None;
}

static bool isAssumption(Device D) {
  return D == Device::Unknown || D == Device::Runtime;
}

bool Transfer::sourceAssumed() const {
  return direction() != Direction::None && isAssumption(From);
}

bool Transfer::destinationAssumed() const {
  return direction() != Direction::None && isAssumption(To);
}

Device Transfer::assumedDevice() const {
  if (sourceAssumed())
    return From;
  if (destinationAssumed())
    return To;
  return Device::CUDA;
}

bool Transfer::mayCopy() const {
  // Two devices chosen at run time may be two choices: the call may copy.
  return To != Device::None &&
         !(From == To && (From == Device::CPU || From == Device::CUDA));
}

/// A call that LibTorch defines as a copy into a tensor, whatever its
/// spelling: `obs[i] = h` is `Tensor::operator=(const Tensor &) &&`, which
/// runs `copy_(rhs)`. The one operator it runs is aten::copy_, of the call's
/// own object and arguments.
static bool loweredCopy(const CallExpr *Call, DeviceInference &DI,
                        Transfer &T) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !isInLibTorchNamespace(Callee))
    return false;
  llvm::ArrayRef<OpCall> Ops =
      SharedAnalyses::of(DI.context()).ops().lower(Callee);
  if (Ops.size() != 1 || Ops[0].Name != "aten::copy_" ||
      Ops[0].Args.size() < 2 || Ops[0].Args[0].Derived ||
      Ops[0].Args[1].Derived)
    return false;
  // Self and src are the call's own object and arguments, as they are.
  const Expr *Self = argumentIn(Call, Ops[0].Args[0]);
  const Expr *Src = argumentIn(Call, Ops[0].Args[1]);
  if (!Self || !Src)
    return false;
  T.IsCopy = true;
  T.Source = Src;
  T.Destination = Self;
  T.To = DI.ofTensor(Self);
  return true;
}

/// The transfer of `to`, `cpu`, `cuda` and `copy_` as the user wrote them.
static bool spelledTransfer(const CallExpr *Call, DeviceInference &DI,
                            Transfer &T) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  if (!MD || !isTensorMethod(MD) || !MD->getDeclName().isIdentifier())
    return false;
  StringRef Name = MD->getName();
  const Expr *Recv = MC->getImplicitObjectArgument();
  T.Source = Recv;
  if (Name == "cpu") {
    T.To = Device::CPU;
  } else if (Name == "cuda") {
    T.To = Device::CUDA;
  } else if (Name == "to") {
    ToArguments A = toArguments(Call);
    T.Converts = A.Converts;
    if (A.Other) {
      T.Destination = A.Other;
      T.To = DI.ofTensor(A.Other);
    } else if (A.DeviceSpec) {
      T.Destination = A.DeviceSpec;
      T.To = DI.ofDeviceSpec(A.DeviceSpec);
    }
  } else if (Name == "copy_") {
    if (Call->getNumArgs() == 0)
      return false;
    // dst.copy_(src): the data moves from src's device to dst's.
    T.IsCopy = true;
    T.Source = Call->getArg(0);
    T.Destination = Recv;
    T.To = DI.ofTensor(Recv);
  } else {
    return false;
  }
  return true;
}

std::optional<Transfer> asTransfer(const CallExpr *Call, DeviceInference &DI) {
  Transfer T;
  if (!spelledTransfer(Call, DI, T) && !loweredCopy(Call, DI, T))
    return std::nullopt;
  T.From = DI.ofTensor(T.Source);
  // In a whole-project run, a source of unknown device moved to a device
  // chosen at run time (or to an unknown one) is no copy as far as this
  // file knows. When it is a host tensor as soon as the parameters (and
  // user functions' returns) it comes from are, it is taken as one and the
  // finding waits for the program's facts: reported only if every caller
  // passes host tensors there (program/Index.h decides).
  Recorder *Facts = DI.recorder();
  bool Assume = Facts && Facts->recording() && T.From == Device::Unknown;
  if (Assume && T.Destination &&
      (T.To == Device::Runtime || T.To == Device::Unknown)) {
    if (std::optional<std::vector<ProgramFact>> Host =
            DeviceInference::ifEveryFactCpu(
                DI.context(),
                [&](DeviceInference &D) { return D.ofTensor(T.Source); })) {
      T.From = Device::CPU;
      Facts->assumeHost(Call->getExprLoc(), std::move(*Host));
    }
  }
  return T;
}

} // namespace clang::tidy::torchsync
