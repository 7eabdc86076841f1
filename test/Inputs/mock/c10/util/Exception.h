#pragma once
// torchsync mock of c10/util/Exception.h (1.13). The error macros expand to
// the same statement shapes as the real ones (non-STRIP_ERROR_MESSAGES build):
//   TORCH_CHECK(cond, ...)  ->  if (C10_UNLIKELY_OR_CONST(!(cond))) {
//                                 ::c10::detail::torchCheckFail(...); }
// torchCheckFail is [[noreturn]], as in the real header.
#include <c10/macros/Macros.h>
#include <c10/util/StringUtil.h>

#include <exception>
#include <string>
#include <vector>

namespace c10 {

class C10_API Error : public std::exception {
  std::string msg_;
  std::vector<std::string> context_;
  std::string backtrace_;
  std::string what_;
  std::string what_without_backtrace_;
  const void* caller_;

 public:
  // PyTorch-style Error constructor.
  Error(SourceLocation source_location, std::string msg);
  // Caffe2-style error message
  Error(
      const char* file,
      const uint32_t line,
      const char* condition,
      const std::string& msg,
      const std::string& backtrace,
      const void* caller = nullptr);
  // Base constructor
  Error(std::string msg, std::string backtrace, const void* caller = nullptr);

  void add_context(std::string msg);
  const std::string& msg() const {
    return msg_;
  }
  const std::vector<std::string>& context() const {
    return context_;
  }
  const std::string& backtrace() const {
    return backtrace_;
  }
  const char* what() const noexcept override {
    return what_.c_str();
  }
  const void* caller() const noexcept {
    return caller_;
  }
  virtual const char* what_without_backtrace() const noexcept {
    return what_without_backtrace_.c_str();
  }
};

class C10_API WarningHandler {
 public:
  virtual ~WarningHandler() = default;
  virtual void process(
      const SourceLocation& source_location,
      const std::string& msg,
      const bool verbatim);
};

namespace Warning {
C10_API void warn(
    const SourceLocation& source_location,
    const std::string& msg,
    bool verbatim);
C10_API void warn(SourceLocation source_location, const char* msg, bool verbatim);
C10_API void warn(
    SourceLocation source_location,
    ::c10::detail::CompileTimeEmptyString msg,
    bool verbatim);
C10_API void set_warning_handler(WarningHandler* handler) noexcept(true);
C10_API WarningHandler* get_warning_handler() noexcept(true);
C10_API void set_warnAlways(bool) noexcept(true);
C10_API bool get_warnAlways(void) noexcept(true);
} // namespace Warning

class C10_API IndexError : public Error {
  using Error::Error;
};
class C10_API ValueError : public Error {
  using Error::Error;
};
class C10_API TypeError : public Error {
  using Error::Error;
};
class C10_API NotImplementedError : public Error {
  using Error::Error;
};
class C10_API EnforceFiniteError : public Error {
  using Error::Error;
};
class C10_API LinAlgError : public Error {
  using Error::Error;
};
class C10_API OutOfMemoryError : public Error {
  using Error::Error;
};

C10_API std::string GetExceptionString(const std::exception& e);

} // namespace c10

#define C10_THROW_ERROR(err_type, msg) \
  throw ::c10::err_type(               \
      {__func__, __FILE__, static_cast<uint32_t>(__LINE__)}, msg)

#define C10_EXPAND_MSVC_WORKAROUND(x) x

#if defined(__CUDACC__)
#define C10_UNLIKELY_OR_CONST(e) e
#else
#define C10_UNLIKELY_OR_CONST(e) C10_UNLIKELY(e)
#endif

#define TORCH_RETHROW(e, ...)               \
  do {                                      \
    e.add_context(::c10::str(__VA_ARGS__)); \
    throw;                                  \
  } while (false)

namespace c10 {
namespace detail {

template <typename... Args>
decltype(auto) torchCheckMsgImpl(const char* /*msg*/, const Args&... args) {
  return ::c10::str(args...);
}
inline C10_API const char* torchCheckMsgImpl(const char* msg) {
  return msg;
}
// If there is just 1 user-provided C-string argument, use it.
inline C10_API const char* torchCheckMsgImpl(
    const char* /*msg*/,
    const char* args) {
  return args;
}

[[noreturn]] C10_API void torchCheckFail(
    const char* func,
    const char* file,
    uint32_t line,
    const std::string& msg);
[[noreturn]] C10_API void torchCheckFail(
    const char* func,
    const char* file,
    uint32_t line,
    const char* msg);

[[noreturn]] C10_API void torchInternalAssertFail(
    const char* func,
    const char* file,
    uint32_t line,
    const char* condMsg,
    const char* userMsg);
[[noreturn]] inline C10_API void torchInternalAssertFail(
    const char* func,
    const char* file,
    uint32_t line,
    const char* condMsg,
    ::c10::detail::CompileTimeEmptyString /*userMsg*/) {
  torchCheckFail(func, file, line, condMsg);
}
[[noreturn]] C10_API void torchInternalAssertFail(
    const char* func,
    const char* file,
    uint32_t line,
    const char* condMsg,
    const std::string& userMsg);

C10_DEPRECATED_MESSAGE(
    "AT_ASSERT is deprecated, if you mean to indicate an internal invariant failure, use "
    "TORCH_INTERNAL_ASSERT instead; if you mean to do user error checking, use "
    "TORCH_CHECK.  See https://github.com/pytorch/pytorch/issues/20287 for more details.")
inline void deprecated_AT_ASSERT() {}

C10_DEPRECATED_MESSAGE(
    "AT_ERROR(msg) is deprecated, use TORCH_CHECK(false, msg) instead.")
inline void deprecated_AT_ERROR() {}

inline void deprecated_AT_ASSERTM() {}

} // namespace detail
} // namespace c10

#define TORCH_INTERNAL_ASSERT(cond, ...)                                         \
  if (C10_UNLIKELY_OR_CONST(!(cond))) {                                          \
    ::c10::detail::torchInternalAssertFail(                                      \
        __func__,                                                                \
        __FILE__,                                                                \
        static_cast<uint32_t>(__LINE__),                                         \
        #cond                                                                    \
        " INTERNAL ASSERT FAILED at " C10_STRINGIZE(__FILE__) ":" C10_STRINGIZE( \
            __LINE__) ", please report a bug to PyTorch. ",                      \
        c10::str(__VA_ARGS__));                                                  \
  }

#define TORCH_CHECK_WITH(error_t, cond, ...) \
  TORCH_CHECK_WITH_MSG(error_t, cond, "", __VA_ARGS__)

#define TORCH_CHECK_MSG(cond, type, ...)                   \
  (::c10::detail::torchCheckMsgImpl(                       \
      "Expected " #cond                                    \
      " to be true, but got false.  "                      \
      "(Could this error message be improved?  If so, "    \
      "please report an enhancement request to PyTorch.)", \
      ##__VA_ARGS__))
#define TORCH_CHECK_WITH_MSG(error_t, cond, type, ...)                  \
  if (C10_UNLIKELY_OR_CONST(!(cond))) {                                 \
    C10_THROW_ERROR(error_t, TORCH_CHECK_MSG(cond, type, __VA_ARGS__)); \
  }

#define TORCH_CHECK(cond, ...)                     \
  if (C10_UNLIKELY_OR_CONST(!(cond))) {            \
    ::c10::detail::torchCheckFail(                 \
        __func__,                                  \
        __FILE__,                                  \
        static_cast<uint32_t>(__LINE__),           \
        TORCH_CHECK_MSG(cond, "", ##__VA_ARGS__)); \
  }

#define TORCH_CHECK_IF_NOT_ON_CUDA(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)

#ifdef NDEBUG
#define TORCH_INTERNAL_ASSERT_DEBUG_ONLY(...) \
  while (false)                               \
  C10_EXPAND_MSVC_WORKAROUND(TORCH_INTERNAL_ASSERT(__VA_ARGS__))
#else
#define TORCH_INTERNAL_ASSERT_DEBUG_ONLY(...) \
  C10_EXPAND_MSVC_WORKAROUND(TORCH_INTERNAL_ASSERT(__VA_ARGS__))
#endif

#define TORCH_CHECK_LINALG(cond, ...) \
  TORCH_CHECK_WITH_MSG(LinAlgError, cond, "LINALG", __VA_ARGS__)
#define TORCH_CHECK_INDEX(cond, ...) \
  TORCH_CHECK_WITH_MSG(IndexError, cond, "INDEX", __VA_ARGS__)
#define TORCH_CHECK_VALUE(cond, ...) \
  TORCH_CHECK_WITH_MSG(ValueError, cond, "VALUE", __VA_ARGS__)
#define TORCH_CHECK_TYPE(cond, ...) \
  TORCH_CHECK_WITH_MSG(TypeError, cond, "TYPE", __VA_ARGS__)
#define TORCH_CHECK_NOT_IMPLEMENTED(cond, ...) \
  TORCH_CHECK_WITH_MSG(NotImplementedError, cond, "TYPE", __VA_ARGS__)

#define TORCH_WARN(...)                                      \
  ::c10::Warning::warn(                                      \
      {__func__, __FILE__, static_cast<uint32_t>(__LINE__)}, \
      ::c10::str(__VA_ARGS__),                               \
      false)

#define _TORCH_WARN_ONCE(...)                                             \
  C10_UNUSED static const auto C10_ANONYMOUS_VARIABLE(torch_warn_once_) = \
      [&] {                                                               \
        ::c10::Warning::warn(                                             \
            {__func__, __FILE__, static_cast<uint32_t>(__LINE__)},        \
            ::c10::str(__VA_ARGS__),                                      \
            false);                                                       \
        return true;                                                      \
      }()

#define TORCH_WARN_ONCE(...)              \
  if (::c10::Warning::get_warnAlways()) { \
    TORCH_WARN(__VA_ARGS__);              \
  } else {                                \
    _TORCH_WARN_ONCE(__VA_ARGS__);        \
  }

#define TORCH_CHECK_ARG(cond, argN, ...) \
  TORCH_CHECK(cond, "invalid argument ", argN, ": ", __VA_ARGS__)

// Deprecated macros (still present in 1.13).
#define AT_ASSERT(...)                                              \
  do {                                                              \
    ::c10::detail::deprecated_AT_ASSERT();                          \
    C10_EXPAND_MSVC_WORKAROUND(TORCH_INTERNAL_ASSERT(__VA_ARGS__)); \
  } while (false)

#define AT_ERROR(...)                                                        \
  do {                                                                       \
    ::c10::detail::deprecated_AT_ERROR();                                    \
    C10_EXPAND_MSVC_WORKAROUND(TORCH_CHECK(false, ::c10::str(__VA_ARGS__))); \
  } while (false)

#define AT_ASSERTM(cond, ...)                                             \
  do {                                                                    \
    ::c10::detail::deprecated_AT_ASSERTM();                               \
    C10_EXPAND_MSVC_WORKAROUND(TORCH_INTERNAL_ASSERT(cond, __VA_ARGS__)); \
  } while (false)
