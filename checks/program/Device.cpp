//===--- Device.cpp - The device lattice of torchsync ---------------------===//

#include "program/Device.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::torchsync {

Device joinAgreeing(Device A, Device B) {
  if (A == Device::None)
    return B;
  if (B == Device::None || A == B)
    return A;
  return Device::Unknown;
}

Device joinChoices(Device A, Device B) {
  if (A == Device::None)
    return B;
  if (B == Device::None || A == B)
    return A;
  if (A == Device::Unknown || B == Device::Unknown)
    return Device::Unknown;
  return Device::Runtime; // CPU, CUDA, Runtime: the run decides.
}

Device combineInputs(Device A, Device B) {
  if (A == Device::CUDA || B == Device::CUDA)
    return Device::CUDA;
  if (A == Device::Runtime || B == Device::Runtime)
    return Device::Runtime;
  if (A == Device::Unknown || B == Device::Unknown)
    return Device::Unknown;
  if (A == Device::CPU || B == Device::CPU)
    return Device::CPU;
  return Device::None;
}

namespace {

/// The order of joinCallers.
unsigned programRank(Device D) {
  switch (D) {
  case Device::None:
    return 0;
  case Device::CPU:
    return 1;
  case Device::Runtime:
    return 2;
  case Device::Unknown:
    return 3;
  case Device::CUDA:
    return 4;
  }
  return 3;
}

} // namespace

Device joinCallers(Device A, Device B) {
  return programRank(A) >= programRank(B) ? A : B;
}

bool mayBeNonCpu(Device D) { return programRank(D) > programRank(Device::CPU); }

llvm::StringRef wireName(Device D) {
  switch (D) {
  case Device::CPU:
    return "cpu";
  case Device::CUDA:
    return "cuda";
  case Device::Runtime:
    return "runtime";
  case Device::None:
  case Device::Unknown:
    return "unknown";
  }
  return "unknown";
}

std::optional<Device> deviceFromWire(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<Device>>(Name)
      .Case("cpu", Device::CPU)
      .Case("cuda", Device::CUDA)
      .Case("runtime", Device::Runtime)
      .Case("unknown", Device::Unknown)
      .Default(std::nullopt);
}

} // namespace clang::tidy::torchsync
