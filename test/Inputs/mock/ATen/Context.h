#pragma once
// torchsync mock of ATen/Context.h (1.13), reduced.
#include <ATen/core/Generator.h>
#include <c10/core/DeviceType.h>
#include <c10/macros/Macros.h>

#include <cstdint>

namespace at {

class TORCH_API Context {
 public:
  Context();
  const Generator& defaultGenerator(Device device);
  bool hasCUDA() const;
  bool userEnabledCuDNN() const;
  void setUserEnabledCuDNN(bool e);
  bool benchmarkCuDNN() const;
  void setBenchmarkCuDNN(bool);
  bool deterministicAlgorithms() const;
  void setDeterministicAlgorithms(bool, bool);
};

TORCH_API Context& globalContext();

static inline void init() {
  globalContext();
}

TORCH_API bool hasCUDA();

static inline void manual_seed(uint64_t seed) {
  auto gen = globalContext().defaultGenerator(DeviceType::CPU);
  (void)gen;
  (void)seed;
}

} // namespace at
