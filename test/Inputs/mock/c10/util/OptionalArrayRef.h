#pragma once
// torchsync mock of c10/util/OptionalArrayRef.h (1.13): same constructor set.
#include <c10/util/ArrayRef.h>
#include <c10/util/Optional.h>

namespace c10 {

template <typename T>
class OptionalArrayRef final {
 public:
  constexpr OptionalArrayRef() noexcept {}
  constexpr OptionalArrayRef(nullopt_t) noexcept {}
  OptionalArrayRef(const OptionalArrayRef& other) = default;
  OptionalArrayRef(OptionalArrayRef&& other) = default;
  constexpr OptionalArrayRef(const optional<ArrayRef<T>>& other) noexcept
      : wrapped_opt_array_ref(other) {}
  constexpr OptionalArrayRef(optional<ArrayRef<T>>&& other) noexcept
      : wrapped_opt_array_ref(other) {}
  constexpr OptionalArrayRef(const T& value) noexcept
      : wrapped_opt_array_ref(value) {}

  template <
      typename U = ArrayRef<T>,
      std::enable_if_t<
          !std::is_same<std::decay_t<U>, OptionalArrayRef>::value &&
              !std::is_same<std::decay_t<U>, in_place_t>::value &&
              std::is_constructible<ArrayRef<T>, U&&>::value &&
              std::is_convertible<U&&, ArrayRef<T>>::value &&
              !std::is_convertible<U&&, T>::value,
          bool> = false>
  constexpr OptionalArrayRef(U&& value) noexcept
      : wrapped_opt_array_ref(value) {}

  template <
      typename U = ArrayRef<T>,
      std::enable_if_t<
          !std::is_same<std::decay_t<U>, OptionalArrayRef>::value &&
              !std::is_same<std::decay_t<U>, in_place_t>::value &&
              std::is_constructible<ArrayRef<T>, U&&>::value &&
              !std::is_convertible<U&&, ArrayRef<T>>::value,
          bool> = false>
  constexpr explicit OptionalArrayRef(U&& value) noexcept
      : wrapped_opt_array_ref(value) {}

  constexpr OptionalArrayRef(const std::initializer_list<T>& Vec)
      : wrapped_opt_array_ref(ArrayRef<T>(Vec)) {}

  ~OptionalArrayRef() = default;

  OptionalArrayRef& operator=(const OptionalArrayRef& other) = default;
  OptionalArrayRef& operator=(OptionalArrayRef&& other) = default;

  constexpr bool has_value() const noexcept {
    return wrapped_opt_array_ref.has_value();
  }
  constexpr explicit operator bool() const noexcept { return has_value(); }
  constexpr const ArrayRef<T>& value() const& {
    return wrapped_opt_array_ref.value();
  }
  constexpr ArrayRef<T> operator*() const noexcept {
    return *wrapped_opt_array_ref;
  }

 private:
  optional<ArrayRef<T>> wrapped_opt_array_ref;
};

using OptionalIntArrayRef = OptionalArrayRef<int64_t>;

} // namespace c10
