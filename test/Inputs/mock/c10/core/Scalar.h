#pragma once
// torchsync mock of c10/core/Scalar.h (1.13). Same implicit constructor set
// (minus Half/BFloat16/complex), same accessors, same non-trivial special
// members. Bodies are kept where they are cheap.
#include <c10/core/ScalarType.h>
#include <c10/macros/Macros.h>

#include <cstdint>
#include <type_traits>
#include <utility>

namespace c10 {

class C10_API Scalar {
 public:
  Scalar() : Scalar(int64_t(0)) {}

  void destroy() {}

  ~Scalar() {
    destroy();
  }

#define DEFINE_IMPLICIT_CTOR(type, name) \
  Scalar(type vv) : Scalar(vv, true) {}

  DEFINE_IMPLICIT_CTOR(uint8_t, Byte)
  DEFINE_IMPLICIT_CTOR(int8_t, Char)
  DEFINE_IMPLICIT_CTOR(int16_t, Short)
  DEFINE_IMPLICIT_CTOR(int, Int)
  DEFINE_IMPLICIT_CTOR(int64_t, Long)
  DEFINE_IMPLICIT_CTOR(float, Float)
  DEFINE_IMPLICIT_CTOR(double, Double)

#undef DEFINE_IMPLICIT_CTOR

  // Value* is both implicitly convertible to SymbolicVariable and bool which
  // causes ambiguity error. Specialized constructor for bool resolves this
  // problem.
  template <
      typename T,
      typename std::enable_if<std::is_same<T, bool>::value, bool>::type* =
          nullptr>
  Scalar(T vv) : tag(Tag::HAS_b) {
    v.i = static_cast<int64_t>(vv);
  }

#define DEFINE_ACCESSOR(type, name)      \
  type to##name() const {                \
    if (Tag::HAS_d == tag) {             \
      return static_cast<type>(v.d);     \
    }                                    \
    return static_cast<type>(v.i);       \
  }

  DEFINE_ACCESSOR(uint8_t, Byte)
  DEFINE_ACCESSOR(int8_t, Char)
  DEFINE_ACCESSOR(int16_t, Short)
  DEFINE_ACCESSOR(int, Int)
  DEFINE_ACCESSOR(int64_t, Long)
  DEFINE_ACCESSOR(float, Float)
  DEFINE_ACCESSOR(double, Double)
  DEFINE_ACCESSOR(bool, Bool)

#undef DEFINE_ACCESSOR

  // also support scalar.to<int64_t>();
  // Deleted for unsupported types, but specialized below for supported types
  template <typename T>
  T to() const = delete;

  // audit uses of data_ptr
  const void* data_ptr() const {
    return static_cast<const void*>(&v);
  }

  bool isFloatingPoint() const {
    return Tag::HAS_d == tag || Tag::HAS_sd == tag;
  }

  C10_DEPRECATED_MESSAGE(
      "isIntegral is deprecated. Please use the overload with 'includeBool' parameter instead.")
  bool isIntegral() const {
    return Tag::HAS_i == tag || Tag::HAS_si == tag;
  }
  bool isIntegral(bool includeBool) const {
    return Tag::HAS_i == tag || Tag::HAS_si == tag ||
        (includeBool && isBoolean());
  }

  bool isComplex() const {
    return Tag::HAS_z == tag;
  }
  bool isBoolean() const {
    return Tag::HAS_b == tag;
  }

  // you probably don't actually want these; they're mostly for testing
  bool isSymInt() const {
    return Tag::HAS_si == tag;
  }
  bool isSymFloat() const {
    return Tag::HAS_sd == tag;
  }
  bool isSymbolic() const {
    return Tag::HAS_si == tag || Tag::HAS_sd == tag;
  }

  C10_ALWAYS_INLINE Scalar& operator=(Scalar&& other) {
    tag = other.tag;
    v = other.v;
    return *this;
  }

  C10_ALWAYS_INLINE Scalar& operator=(const Scalar& other) {
    tag = other.tag;
    v = other.v;
    return *this;
  }

  Scalar operator-() const;
  Scalar conj() const;
  Scalar log() const;

  template <typename T>
  bool equal(T num) const {
    if (isFloatingPoint()) {
      return v.d == num;
    }
    return v.i == num;
  }

  bool equal(bool num) const {
    if (isBoolean()) {
      return static_cast<bool>(v.i) == num;
    } else {
      return false;
    }
  }

  ScalarType type() const {
    if (isFloatingPoint()) {
      return ScalarType::Double;
    } else if (isIntegral(/*includeBool=*/false)) {
      return ScalarType::Long;
    } else {
      return ScalarType::Bool;
    }
  }

  Scalar(Scalar&& rhs) noexcept : tag(rhs.tag), v(rhs.v) {}

  Scalar(const Scalar& rhs) : tag(rhs.tag), v(rhs.v) {}

 private:
  enum class Tag { HAS_d, HAS_i, HAS_z, HAS_b, HAS_sd, HAS_si };

  Tag tag;

  union v_t {
    double d{};
    int64_t i;
    v_t() {} // default constructor
  } v;

  template <
      typename T,
      typename std::enable_if<
          std::is_integral<T>::value && !std::is_same<T, bool>::value,
          bool>::type* = nullptr>
  Scalar(T vv, bool) : tag(Tag::HAS_i) {
    v.i = static_cast<int64_t>(vv);
  }

  template <
      typename T,
      typename std::enable_if<!std::is_integral<T>::value, bool>::type* =
          nullptr>
  Scalar(T vv, bool) : tag(Tag::HAS_d) {
    v.d = static_cast<double>(vv);
  }
};

// define the scalar.to<int64_t>() specializations
#define DEFINE_TO(T, name)         \
  template <>                      \
  inline T Scalar::to<T>() const { \
    return to##name();             \
  }
DEFINE_TO(uint8_t, Byte)
DEFINE_TO(int8_t, Char)
DEFINE_TO(int16_t, Short)
DEFINE_TO(int, Int)
DEFINE_TO(int64_t, Long)
DEFINE_TO(float, Float)
DEFINE_TO(double, Double)
DEFINE_TO(bool, Bool)
#undef DEFINE_TO

} // namespace c10
