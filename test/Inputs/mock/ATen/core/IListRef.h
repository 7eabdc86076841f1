#pragma once
// torchsync mock of ATen/core/IListRef.h (1.13): c10::IListRef<T>, the type
// of at::cat's `const at::ITensorListRef&` parameter. Same constructor set.
#include <ATen/core/List.h>
#include <c10/macros/Macros.h>
#include <c10/util/ArrayRef.h>

#include <initializer_list>
#include <type_traits>
#include <utility>

namespace c10 {

template <typename T>
class IListRef {
 public:
  using unboxed_type = c10::ArrayRef<T>;
  using boxed_type = c10::List<T>;
  using iterator = const T*;
  using const_iterator = const T*;
  using value_type = T;

  IListRef() {}

  IListRef(const boxed_type& boxed);

  IListRef(const unboxed_type& unboxed) : unboxed_(unboxed) {}

  IListRef(const std::initializer_list<T>& list) : unboxed_(list) {}

  template <
      typename... UnboxedConstructorArgs,
      typename = std::enable_if_t<
          std::is_constructible<unboxed_type, UnboxedConstructorArgs...>::value>>
  IListRef(UnboxedConstructorArgs&&... args)
      : unboxed_(std::forward<UnboxedConstructorArgs>(args)...) {}

  size_t size() const {
    return unboxed_.size();
  }
  bool empty() const {
    return size() == 0;
  }
  iterator begin() const {
    return unboxed_.begin();
  }
  iterator end() const {
    return unboxed_.end();
  }
  const T& front() const {
    return unboxed_.front();
  }

 private:
  unboxed_type unboxed_;
};

} // namespace c10

namespace at {
class Tensor;
using ITensorListRef = c10::IListRef<at::Tensor>;
} // namespace at
