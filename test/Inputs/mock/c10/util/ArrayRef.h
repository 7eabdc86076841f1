#pragma once
// torchsync mock of c10/util/ArrayRef.h (1.13): same constructor set.
#include <c10/macros/Macros.h>

#include <array>
#include <initializer_list>
#include <iterator>
#include <ostream>
#include <type_traits>
#include <vector>

namespace c10 {

template <typename T>
class ArrayRef final {
 public:
  using iterator = const T*;
  using const_iterator = const T*;
  using size_type = size_t;
  using value_type = T;
  using reverse_iterator = std::reverse_iterator<iterator>;

 private:
  const T* Data;
  size_type Length;

 public:
  /* implicit */ constexpr ArrayRef() : Data(nullptr), Length(0) {}

  constexpr ArrayRef(const T& OneElt) : Data(&OneElt), Length(1) {}

  constexpr ArrayRef(const T* data, size_t length)
      : Data(data), Length(length) {}

  constexpr ArrayRef(const T* begin, const T* end)
      : Data(begin), Length(end - begin) {}

  template <
      typename Container,
      typename = std::enable_if_t<std::is_same<
          std::remove_const_t<decltype(std::declval<Container>().data())>,
          T*>::value>>
  /* implicit */ ArrayRef(const Container& container)
      : Data(container.data()), Length(container.size()) {}

  template <typename A>
  /* implicit */ ArrayRef(const std::vector<T, A>& Vec)
      : Data(Vec.data()), Length(Vec.size()) {}

  template <size_t N>
  /* implicit */ constexpr ArrayRef(const std::array<T, N>& Arr)
      : Data(Arr.data()), Length(N) {}

  template <size_t N>
  /* implicit */ constexpr ArrayRef(const T (&Arr)[N]) : Data(Arr), Length(N) {}

  /* implicit */ constexpr ArrayRef(const std::initializer_list<T>& Vec)
      : Data(Vec.begin() == Vec.end() ? static_cast<T*>(nullptr) : Vec.begin()),
        Length(Vec.size()) {}

  constexpr iterator begin() const { return Data; }
  constexpr iterator end() const { return Data + Length; }
  constexpr const_iterator cbegin() const { return Data; }
  constexpr const_iterator cend() const { return Data + Length; }
  constexpr reverse_iterator rbegin() const { return reverse_iterator(end()); }
  constexpr reverse_iterator rend() const { return reverse_iterator(begin()); }
  constexpr bool empty() const { return Length == 0; }
  constexpr const T* data() const { return Data; }
  constexpr size_t size() const { return Length; }
  constexpr const T& front() const { return Data[0]; }
  constexpr const T& back() const { return Data[Length - 1]; }
  constexpr bool equals(ArrayRef RHS) const;
  constexpr ArrayRef<T> slice(size_t N, size_t M) const {
    return ArrayRef<T>(data() + N, M);
  }
  constexpr ArrayRef<T> slice(size_t N) const { return slice(N, size() - N); }
  constexpr const T& operator[](size_t Index) const { return Data[Index]; }
  constexpr const T& at(size_t Index) const { return Data[Index]; }
  std::vector<T> vec() const { return std::vector<T>(Data, Data + Length); }
};

template <typename T>
std::ostream& operator<<(std::ostream& out, ArrayRef<T> list);

template <typename T>
bool operator==(c10::ArrayRef<T> a1, c10::ArrayRef<T> a2);
template <typename T>
bool operator!=(c10::ArrayRef<T> a1, c10::ArrayRef<T> a2);
template <typename T>
bool operator==(const std::vector<T>& a1, c10::ArrayRef<T> a2);
template <typename T>
bool operator!=(const std::vector<T>& a1, c10::ArrayRef<T> a2);
template <typename T>
bool operator==(c10::ArrayRef<T> a1, const std::vector<T>& a2);
template <typename T>
bool operator!=(c10::ArrayRef<T> a1, const std::vector<T>& a2);

using IntArrayRef = ArrayRef<int64_t>;

} // namespace c10
