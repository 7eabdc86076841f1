#pragma once
// torchsync mock of ATen/core/Generator.h (1.13), reduced.
#include <c10/core/Device.h>
#include <c10/macros/Macros.h>
#include <c10/util/intrusive_ptr.h>

#include <cstdint>

namespace at {

struct GeneratorImpl;

struct TORCH_API Generator {
  Generator() {}
  void set_current_seed(uint64_t seed);
  uint64_t current_seed() const;
  uint64_t seed();
  c10::Device device() const;
  bool defined() const;

 private:
  c10::intrusive_ptr<GeneratorImpl> impl_;
};

} // namespace at
