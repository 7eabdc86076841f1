#pragma once
// torchsync mock of torch/csrc/api/include/torch/enum.h (1.13), reduced to the
// reduction / nonlinearity enum tags. c10::variant is mocked by a tiny
// c10::variant class template (real 1.13: c10/util/variant.h).
#include <ATen/core/Reduction.h>
#include <c10/util/Exception.h>

#include <string>
#include <type_traits>
#include <utility>

namespace c10 {
namespace detail {
template <class T, class... Ts>
struct mock_is_one_of : std::false_type {};
template <class T, class U, class... Ts>
struct mock_is_one_of<T, U, Ts...>
    : std::conditional_t<std::is_same<T, U>::value, std::true_type, mock_is_one_of<T, Ts...>> {};
} // namespace detail
// Minimal stand-in for c10::variant: implicitly constructible from any of
// its alternatives.
template <class... Ts>
class variant {
 public:
  variant() = default;
  template <
      class T,
      class = std::enable_if_t<
          detail::mock_is_one_of<std::decay_t<T>, Ts...>::value>>
  variant(T&&) {}
  size_t index() const noexcept;
};
template <class T, class... Ts>
const T* get_if(const variant<Ts...>* v) noexcept;
} // namespace c10

#define TORCH_ENUM_DECLARE(name)                                      \
  namespace torch {                                                   \
  namespace enumtype {                                                \
  struct k##name {                                                    \
    k##name() {}                                                      \
  };                                                                  \
  }                                                                   \
  TORCH_API extern const enumtype::k##name k##name;                   \
  }

#define TORCH_OPTIONS_CTOR_VARIANT_ARG3(                                       \
    OPTIONS_NAME, ARG_NAME, TYPE1, TYPE2, TYPE3)                               \
  OPTIONS_NAME() {}                                                            \
  OPTIONS_NAME(torch::enumtype::TYPE1 ARG_NAME) : ARG_NAME##_(torch::TYPE1) {} \
  OPTIONS_NAME(torch::enumtype::TYPE2 ARG_NAME) : ARG_NAME##_(torch::TYPE2) {} \
  OPTIONS_NAME(torch::enumtype::TYPE3 ARG_NAME) : ARG_NAME##_(torch::TYPE3) {}

TORCH_ENUM_DECLARE(Linear)
TORCH_ENUM_DECLARE(ReLU)
TORCH_ENUM_DECLARE(LeakyReLU)
TORCH_ENUM_DECLARE(Tanh)
TORCH_ENUM_DECLARE(Sigmoid)
TORCH_ENUM_DECLARE(Constant)
TORCH_ENUM_DECLARE(Reflect)
TORCH_ENUM_DECLARE(Replicate)
TORCH_ENUM_DECLARE(Circular)
TORCH_ENUM_DECLARE(Zeros)
TORCH_ENUM_DECLARE(None)
TORCH_ENUM_DECLARE(Mean)
TORCH_ENUM_DECLARE(Sum)
TORCH_ENUM_DECLARE(Valid)
TORCH_ENUM_DECLARE(Same)
