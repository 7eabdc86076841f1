#pragma once
// torchsync mock of torch/csrc/api/include/torch/detail/TensorDataContainer.h
// (1.13). Same implicit constructor set (minus Half/BFloat16/complex), so
// that torch::tensor({1,2,3}), torch::tensor(3.14), torch::tensor(vec) and
// torch::tensor({{1,2},{3,4}}) resolve as with the real header.
#include <ATen/Functions.h>
#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>
#include <c10/core/ScalarType.h>
#include <c10/core/TensorOptions.h>
#include <c10/util/ArrayRef.h>

#include <initializer_list>
#include <ostream>
#include <vector>

namespace torch {

namespace detail {

enum class TensorDataContainerType { Scalar, InitList, Tensor };

struct TensorDataContainer;

inline std::ostream& operator<<(
    std::ostream& stream,
    const TensorDataContainer& tensor_data_container);

struct TensorDataContainer {
  // NOTE: For tensors with zero-size dimensions (e.g. `torch::tensor({{},
  // {}})`), the innermost empty braced-init-list `{}` matches the default
  // constructor of the innermost `TensorDataContainer`.
  TensorDataContainer()
      : sizes_({0}),
        scalar_type_(at::kFloat),
        type_(TensorDataContainerType::InitList) {}

#define TENSOR(T, S)                            \
  TensorDataContainer(T value)                  \
      : sizes_(),                               \
        scalar_type_(at::k##S),                 \
        type_(TensorDataContainerType::Scalar), \
        scalar_(value) {}
  TENSOR(uint8_t, Byte)
  TENSOR(int8_t, Char)
  TENSOR(int16_t, Short)
  TENSOR(int, Int)
  TENSOR(int64_t, Long)
  TENSOR(float, Float)
  TENSOR(double, Double)
  TENSOR(bool, Bool)
#undef TENSOR

  TensorDataContainer(std::initializer_list<TensorDataContainer> init_list)
      : sizes_(),
        scalar_type_(init_list.begin()->scalar_type()),
        type_(TensorDataContainerType::InitList),
        init_list_(init_list) {}

#define TENSOR(T, S) TensorDataContainer(at::ArrayRef<T> values);
  TENSOR(uint8_t, Byte)
  TENSOR(int8_t, Char)
  TENSOR(int16_t, Short)
  TENSOR(int, Int)
  TENSOR(int64_t, Long)
  TENSOR(float, Float)
  TENSOR(double, Double)
  TENSOR(bool, Bool)
#undef TENSOR

  // NOTE: We need to handle `std::vector` explicitly instead of relying on an
  // implicit conversion to `at::ArrayRef`, otherwise the following error can be
  // thrown when calling `torch::tensor(std::vector<int>({1, 2}))`.
// (Real: delegates to the ArrayRef constructor; declared only here, so that
// std::vector<T> is not instantiated for every T while parsing.)
#define TENSOR(T, S) TensorDataContainer(const std::vector<T>& values);
  TENSOR(uint8_t, Byte)
  TENSOR(int8_t, Char)
  TENSOR(int16_t, Short)
  TENSOR(int, Int)
  TENSOR(int64_t, Long)
  TENSOR(float, Float)
  TENSOR(double, Double)
#undef TENSOR

  bool is_scalar() const {
    return type_ == TensorDataContainerType::Scalar;
  }
  const c10::Scalar& scalar() const {
    return scalar_;
  }
  bool is_init_list() const {
    return type_ == TensorDataContainerType::InitList;
  }
  const std::initializer_list<TensorDataContainer>& init_list() const {
    return init_list_;
  }
  bool is_tensor() const {
    return type_ == TensorDataContainerType::Tensor;
  }
  const at::Tensor& tensor() const {
    return tensor_;
  }
  const std::vector<int64_t>& sizes() const {
    return sizes_;
  }
  const c10::ScalarType& scalar_type() const {
    return scalar_type_;
  }

  // Real: scalar -> at::scalar_tensor(scalar_, options) (no sync);
  // init list -> at::empty(sizes_, options.device(kCPU)), filled on the
  // host, then tensor.to(options.device()) (blocking H2D copy);
  // ArrayRef/vector -> tensor_.to(options).
  at::Tensor convert_to_tensor(at::TensorOptions options) const;

  void pretty_print_recursive(std::ostream& stream) const;

 private:
  std::vector<int64_t> sizes_;
  c10::ScalarType scalar_type_;
  TensorDataContainerType type_;
  c10::Scalar scalar_;
  std::initializer_list<TensorDataContainer> init_list_;
  at::Tensor tensor_;
};

inline std::ostream& operator<<(
    std::ostream& stream,
    const TensorDataContainer& tensor_data_container) {
  tensor_data_container.pretty_print_recursive(stream);
  return stream;
}

} // namespace detail

} // namespace torch
