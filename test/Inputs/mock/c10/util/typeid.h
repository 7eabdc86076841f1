#pragma once
// torchsync mock of c10/util/typeid.h: caffe2::TypeMeta (what
// TensorBase::dtype() and TensorOptions::dtype() return in 1.13).
#include <c10/core/ScalarType.h>
#include <c10/macros/Macros.h>
#include <c10/util/string_view.h>

#include <ostream>

namespace caffe2 {

class C10_API TypeMeta final {
 public:
  TypeMeta() noexcept;
  TypeMeta(const TypeMeta& src) noexcept = default;
  TypeMeta& operator=(const TypeMeta& src) noexcept = default;
  TypeMeta(TypeMeta&& rhs) noexcept = default;

  inline TypeMeta& operator=(c10::ScalarType scalar_type) noexcept {
    index_ = static_cast<uint16_t>(scalar_type);
    return *this;
  }

  bool isScalarType() const noexcept;
  bool isScalarType(c10::ScalarType scalar_type) const noexcept {
    return index_ == static_cast<uint16_t>(scalar_type);
  }
  size_t itemsize() const noexcept;
  c10::string_view name() const noexcept;

  friend bool operator==(const TypeMeta lhs, const TypeMeta rhs) noexcept;

  template <typename T>
  bool Match() const noexcept;

  template <class T>
  static TypeMeta Make();

  static inline caffe2::TypeMeta fromScalarType(c10::ScalarType scalar_type) {
    TypeMeta m;
    m.index_ = static_cast<uint16_t>(scalar_type);
    return m;
  }

  inline c10::ScalarType toScalarType() {
    return static_cast<c10::ScalarType>(index_);
  }

 private:
  uint16_t index_;
};

inline bool operator==(const TypeMeta lhs, const TypeMeta rhs) noexcept {
  return (lhs.index_ == rhs.index_);
}
inline bool operator!=(const TypeMeta lhs, const TypeMeta rhs) noexcept {
  return !operator==(lhs, rhs);
}

std::ostream& operator<<(std::ostream& stream, caffe2::TypeMeta typeMeta);

} // namespace caffe2
