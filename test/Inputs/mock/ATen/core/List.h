#pragma once
// torchsync mock of ATen/core/List.h: c10::List<T>, reduced to the
// constructors that take part in overload resolution of
// Tensor::index / index_put_ (the implicit initializer_list one matters).
#include <c10/macros/Macros.h>
#include <c10/util/ArrayRef.h>

#include <initializer_list>
#include <memory>

namespace c10 {

template <class T>
class List final {
 public:
  using value_type = T;
  using size_type = size_t;

  explicit List();
  List(std::initializer_list<T> initial_values);
  explicit List(ArrayRef<T> initial_values);
  List(const List&) = default;
  List& operator=(const List&) = default;
  List(List&&) noexcept;
  List& operator=(List&&) noexcept;

  T get(size_type pos) const;
  void set(size_type pos, const T& value) const;
  void push_back(const T& value) const;
  void push_back(T&& value) const;
  size_type size() const;
  bool empty() const;
  void reserve(size_type new_cap) const;
  void clear() const;

 private:
  std::shared_ptr<void> impl_;
};

} // namespace c10
