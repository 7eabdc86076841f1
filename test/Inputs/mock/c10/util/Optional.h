#pragma once
// torchsync mock of c10/util/Optional.h.
//
// 1.13 mode (default): c10::optional<T> is c10's own class template, as in
// LibTorch 1.13, with the same constructor set (implicit/explicit converting
// constructor from U&&, nullopt_t, in_place_t; no converting constructors
// from optional<U>). c10::nullopt_t / c10::nullopt / c10::in_place_t are c10's
// own types too. The implementation is a small union-based one (parse speed).
//
// 2.x mode: as in PyTorch 2.x, everything is re-exported from std
// (c10::optional IS std::optional).
#include <c10/macros/Macros.h>

#include <new>
#include <type_traits>
#include <utility>

#if TORCH_MOCK_2X

#include <optional>

namespace c10 {
using std::bad_optional_access;
using std::in_place;
using std::in_place_t;
using std::make_optional;
using std::nullopt;
using std::nullopt_t;
using std::optional;
} // namespace c10

#else // 1.13

namespace c10 {

// real: c10/util/in_place.h
struct in_place_t {
  explicit in_place_t() = default;
};
constexpr in_place_t in_place{};

// 20.5.7, Disengaged state indicator
struct nullopt_t {
  constexpr explicit nullopt_t(int) {}
};
constexpr nullopt_t nullopt{0};

namespace detail_ {

// Storage for trivially copyable T: trivial copy/move/destructor (so that
// e.g. optional<int64_t> stays a literal, trivially copyable type).
template <class T, bool = std::is_trivially_copyable<T>::value>
struct optional_base {
  union {
    unsigned char dummy_;
    T value_;
  };
  bool init_;

  constexpr optional_base() noexcept : dummy_(), init_(false) {}
  template <class... Args>
  constexpr explicit optional_base(in_place_t, Args&&... args)
      : value_(std::forward<Args>(args)...), init_(true) {}

  void destroy_() noexcept {
    init_ = false;
  }
};

// Storage for other T (e.g. at::Tensor, c10::Scalar).
template <class T>
struct optional_base<T, false> {
  union {
    unsigned char dummy_;
    T value_;
  };
  bool init_;

  constexpr optional_base() noexcept : dummy_(), init_(false) {}
  template <class... Args>
  explicit optional_base(in_place_t, Args&&... args)
      : value_(std::forward<Args>(args)...), init_(true) {}
  optional_base(const optional_base& rhs) : dummy_(), init_(false) {
    if (rhs.init_) {
      ::new (static_cast<void*>(&value_)) T(rhs.value_);
      init_ = true;
    }
  }
  optional_base(optional_base&& rhs) noexcept(
      std::is_nothrow_move_constructible<T>::value)
      : dummy_(), init_(false) {
    if (rhs.init_) {
      ::new (static_cast<void*>(&value_)) T(std::move(rhs.value_));
      init_ = true;
    }
  }
  optional_base& operator=(const optional_base& rhs) {
    if (this != &rhs) {
      destroy_();
      if (rhs.init_) {
        ::new (static_cast<void*>(&value_)) T(rhs.value_);
        init_ = true;
      }
    }
    return *this;
  }
  optional_base& operator=(optional_base&& rhs) noexcept(
      std::is_nothrow_move_constructible<T>::value) {
    if (this != &rhs) {
      destroy_();
      if (rhs.init_) {
        ::new (static_cast<void*>(&value_)) T(std::move(rhs.value_));
        init_ = true;
      }
    }
    return *this;
  }
  ~optional_base() {
    destroy_();
  }

  void destroy_() noexcept {
    if (init_) {
      value_.~T();
      init_ = false;
    }
  }
};

} // namespace detail_

template <class T>
class optional : private detail_::optional_base<T> {
  using base = detail_::optional_base<T>;

 public:
  typedef T value_type;

  // 20.5.5.1, constructors
  constexpr optional() noexcept : base() {}
  constexpr optional(nullopt_t) noexcept : base() {}

  optional(const optional& rhs) = default;
  optional(optional&& rhs) = default;

  // 8 - implicit move construct from value
  template <
      typename U = T,
      std::enable_if_t<
          std::is_constructible<T, U&&>::value &&
              !std::is_same<typename std::decay<U>::type, in_place_t>::value &&
              !std::is_same<typename std::decay<U>::type, optional<T>>::value &&
              std::is_convertible<U&&, T>::value,
          bool> = false>
  constexpr optional(U&& u) : base(in_place_t{}, std::forward<U>(u)) {}

  // 8 - explicit move construct from value
  template <
      typename U = T,
      std::enable_if_t<
          std::is_constructible<T, U&&>::value &&
              !std::is_same<typename std::decay<U>::type, in_place_t>::value &&
              !std::is_same<typename std::decay<U>::type, optional<T>>::value &&
              !std::is_convertible<U&&, T>::value,
          bool> = false>
  explicit constexpr optional(U&& u) : base(in_place_t{}, std::forward<U>(u)) {}

  template <class... Args>
  explicit constexpr optional(in_place_t, Args&&... args)
      : base(in_place_t{}, std::forward<Args>(args)...) {}

  // 20.5.4.2, Destructor
  ~optional() = default;

  // 20.5.4.3, assignment
  optional& operator=(nullopt_t) noexcept {
    this->destroy_();
    return *this;
  }

  optional& operator=(const optional& rhs) = default;
  optional& operator=(optional&& rhs) = default;

  template <class U = T>
  auto operator=(U&& v) -> typename std::enable_if<
      std::is_constructible<T, U>::value &&
          !std::is_same<typename std::decay<U>::type, optional<T>>::value &&
          (std::is_scalar<T>::value ||
           std::is_same<typename std::decay<U>::type, T>::value) &&
          std::is_assignable<T&, U>::value,
      optional&>::type {
    if (this->init_) {
      this->value_ = std::forward<U>(v);
    } else {
      emplace(std::forward<U>(v));
    }
    return *this;
  }

  template <class... Args>
  void emplace(Args&&... args) {
    this->destroy_();
    ::new (static_cast<void*>(&this->value_)) T(std::forward<Args>(args)...);
    this->init_ = true;
  }

  // 20.5.4.5, Observers
  explicit constexpr operator bool() const noexcept {
    return this->init_;
  }
  constexpr bool has_value() const noexcept {
    return this->init_;
  }

  constexpr T const* operator->() const {
    return &this->value_;
  }
  T* operator->() {
    return &this->value_;
  }
  constexpr T const& operator*() const& {
    return this->value_;
  }
  T& operator*() & {
    return this->value_;
  }
  T&& operator*() && {
    return std::move(this->value_);
  }

  constexpr T const& value() const& {
    return this->value_;
  }
  T& value() & {
    return this->value_;
  }
  T&& value() && {
    return std::move(this->value_);
  }

  template <class V>
  constexpr T value_or(V&& v) const& {
    return *this ? **this : static_cast<T>(std::forward<V>(v));
  }
  template <class V>
  T value_or(V&& v) && {
    return *this ? std::move(this->value_) : static_cast<T>(std::forward<V>(v));
  }

  // 20.6.3.6, modifiers
  void reset() noexcept {
    this->destroy_();
  }
};

// 20.5.8, Relational operators
template <class T>
constexpr bool operator==(const optional<T>& x, const optional<T>& y) {
  return bool(x) != bool(y) ? false : bool(x) == false ? true : *x == *y;
}
template <class T>
constexpr bool operator!=(const optional<T>& x, const optional<T>& y) {
  return !(x == y);
}
template <class T>
constexpr bool operator==(const optional<T>& x, nullopt_t) noexcept {
  return (!x);
}
template <class T>
constexpr bool operator==(nullopt_t, const optional<T>& x) noexcept {
  return (!x);
}
template <class T>
constexpr bool operator!=(const optional<T>& x, nullopt_t) noexcept {
  return bool(x);
}
template <class T>
constexpr bool operator!=(nullopt_t, const optional<T>& x) noexcept {
  return bool(x);
}
template <class T, class U>
constexpr bool operator==(const optional<T>& x, const U& v) {
  return bool(x) ? *x == v : false;
}
template <class T, class U>
constexpr bool operator==(const U& v, const optional<T>& x) {
  return bool(x) ? v == *x : false;
}
template <class T, class U>
constexpr bool operator!=(const optional<T>& x, const U& v) {
  return bool(x) ? *x != v : true;
}
template <class T, class U>
constexpr bool operator!=(const U& v, const optional<T>& x) {
  return bool(x) ? v != *x : true;
}

template <class T>
constexpr optional<typename std::decay<T>::type> make_optional(T&& v) {
  return optional<typename std::decay<T>::type>(std::forward<T>(v));
}

} // namespace c10

#endif // TORCH_MOCK_2X
