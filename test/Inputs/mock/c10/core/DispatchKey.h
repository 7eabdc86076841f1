#pragma once
// torchsync mock of c10/core/DispatchKey.h (1.13), reduced: the enumerators
// that operator registrations name (the per-backend keys are enumerators of
// the same names in the real header).
#include <cstdint>

namespace c10 {

enum class DispatchKey : uint16_t {
  Undefined = 0,
  CatchAll = Undefined,
  Dense,
  BackendSelect,
  Python,
  Autograd,
  CompositeImplicitAutograd,
  CompositeExplicitAutograd,
  CPU,
  CUDA,
  HIP,
  XLA,
  MPS,
  Meta,
  QuantizedCPU,
  QuantizedCUDA,
  SparseCPU,
  SparseCUDA,
  NestedTensorCPU,
  NestedTensorCUDA,
  AutogradCPU,
  AutogradCUDA,
  AutogradXLA,
  EndOfFunctionalityKeys,
};

} // namespace c10
