#pragma once
// torchsync mock of c10/util/StringUtil.h (1.13): c10::str and helpers.
// Same template structure as the real header, so that `operator<<` calls on
// the arguments of TORCH_CHECK / TORCH_WARN messages are instantiated inside
// c10::detail::_str exactly as with the real headers. The real header formats
// into a std::ostringstream; the mock writes to a declared-only stream to
// avoid including <sstream>.
#include <c10/macros/Macros.h>

#include <cstddef>
#include <ostream>
#include <string>

namespace c10 {

namespace detail {

struct CompileTimeEmptyString {
  operator const std::string&() const {
    static const std::string empty_string_literal;
    return empty_string_literal;
  }
  operator const char*() const {
    return "";
  }
};

template <typename T>
struct CanonicalizeStrTypes {
  using type = const T&;
};

template <size_t N>
struct CanonicalizeStrTypes<char[N]> {
  using type = const char*;
};

inline std::ostream& _str(std::ostream& ss) {
  return ss;
}

template <typename T>
inline std::ostream& _str(std::ostream& ss, const T& t) {
  ss << t;
  return ss;
}

template <>
inline std::ostream& _str<CompileTimeEmptyString>(
    std::ostream& ss,
    const CompileTimeEmptyString&) {
  return ss;
}

template <typename T, typename... Args>
inline std::ostream& _str(std::ostream& ss, const T& t, const Args&... args) {
  return _str(_str(ss, t), args...);
}

// Mock-only: stands in for the std::ostringstream of the real header.
std::ostream& mock_str_stream();
std::string mock_str_result(std::ostream& ss);

template <typename... Args>
struct _str_wrapper final {
  static std::string call(const Args&... args) {
    std::ostream& ss = mock_str_stream();
    _str(ss, args...);
    return mock_str_result(ss);
  }
};

// Specializations for already-a-string types.
template <>
struct _str_wrapper<std::string> final {
  static const std::string& call(const std::string& str) {
    return str;
  }
};

template <>
struct _str_wrapper<const char*> final {
  static const char* call(const char* str) {
    return str;
  }
};

template <>
struct _str_wrapper<> final {
  static CompileTimeEmptyString call() {
    return CompileTimeEmptyString();
  }
};

} // namespace detail

// Convert a list of string-like arguments into a single string.
template <typename... Args>
inline decltype(auto) str(const Args&... args) {
  return detail::_str_wrapper<
      typename detail::CanonicalizeStrTypes<Args>::type...>::call(args...);
}

struct C10_API SourceLocation {
  const char* function;
  const char* file;
  uint32_t line;
};

std::ostream& operator<<(std::ostream& out, const SourceLocation& loc);

} // namespace c10
