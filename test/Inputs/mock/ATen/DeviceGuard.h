#pragma once
// torchsync mock of ATen/DeviceGuard.h (1.13): at::device_of.
#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <c10/util/Optional.h>

namespace at {

/// The Device of a Tensor, if the Tensor is defined.
inline c10::optional<Device> device_of(const Tensor& t) {
  if (t.defined()) {
    return c10::optional<Device>(t.device());
  } else {
    return c10::nullopt;
  }
}

inline c10::optional<Device> device_of(const c10::optional<Tensor>& t) {
  return t.has_value() ? device_of(t.value()) : c10::nullopt;
}

} // namespace at
