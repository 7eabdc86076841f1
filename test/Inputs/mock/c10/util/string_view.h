#pragma once
// torchsync mock of c10/util/string_view.h (c10::basic_string_view, 1.13).
#include <c10/macros/Macros.h>

#include <ostream>
#include <string>

namespace c10 {

template <class CharT>
class basic_string_view final {
 public:
  using value_type = CharT;
  using size_type = std::size_t;
  using const_pointer = const CharT*;
  using const_iterator = const CharT*;

  constexpr basic_string_view() noexcept : begin_(nullptr), size_(0) {}
  explicit constexpr basic_string_view(const_pointer str, size_type count)
      : begin_(str), size_(count) {}
  /* implicit */ constexpr basic_string_view(const_pointer str)
      : begin_(str), size_(strlen_(str)) {}
  /* implicit */ basic_string_view(const std::basic_string<CharT>& str)
      : begin_(str.data()), size_(str.size()) {}
  constexpr basic_string_view(const basic_string_view&) noexcept = default;
  constexpr basic_string_view& operator=(const basic_string_view& rhs) noexcept {
    begin_ = rhs.begin_;
    size_ = rhs.size_;
    return *this;
  }
  explicit operator std::basic_string<CharT>() const {
    return std::basic_string<CharT>(begin_, size_);
  }

  constexpr const_iterator begin() const noexcept { return begin_; }
  constexpr const_iterator end() const noexcept { return begin_ + size_; }
  constexpr const_pointer data() const noexcept { return begin_; }
  constexpr size_type size() const noexcept { return size_; }
  constexpr size_type length() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }
  constexpr const CharT& operator[](size_type pos) const { return begin_[pos]; }

 private:
  static constexpr size_type strlen_(const_pointer str) noexcept {
    size_type n = 0;
    while (str != nullptr && str[n] != CharT()) {
      ++n;
    }
    return n;
  }
  const_pointer begin_;
  size_type size_;
};

template <class CharT>
inline std::basic_ostream<CharT>& operator<<(
    std::basic_ostream<CharT>& stream,
    basic_string_view<CharT> sv) {
  return stream.write(sv.data(), sv.size());
}

using string_view = basic_string_view<char>;

} // namespace c10
