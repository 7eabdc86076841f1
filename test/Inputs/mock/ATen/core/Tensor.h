#pragma once
// torchsync mock of ATen/core/Tensor.h (1.13).
#include <ATen/core/IListRef.h>
#include <ATen/core/TensorBody.h>
#include <c10/util/Exception.h>

namespace at {
class TORCH_API OptionalTensorRef {
 public:
  OptionalTensorRef() = default;
  OptionalTensorRef(const TensorBase& src);
  bool has_value() const;
  const Tensor& getTensorRef() const&;
  const Tensor& operator*() const&;
  const Tensor* operator->() const&;
  operator bool() const;
};
} // namespace at
