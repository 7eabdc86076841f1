#pragma once
// torchsync mock of torch/library.h (1.13), reduced: torch::Library with
// def / impl / fallback, torch::dispatch, and the TORCH_LIBRARY,
// TORCH_LIBRARY_FRAGMENT and TORCH_LIBRARY_IMPL macros. As in the real
// header, each macro declares a static torch::detail::TorchLibraryInit whose
// constructor takes the kind, the init function's address, the namespace and
// the dispatch key (TORCH_LIBRARY_IMPL), then defines the init function with
// the `torch::Library&` parameter named by the macro. TORCH_LIBRARY_IMPL
// wraps the address in c10::guts::if_constexpr lambdas, as the real one.
#include <ATen/ATen.h>
#include <c10/core/CompileTimeFunctionPointer.h>
#include <c10/core/DispatchKey.h>
#include <c10/macros/Macros.h>
#include <c10/util/Optional.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace at {
enum class Tag { core, data_dependent_output, dynamic_output_shape, nondeterministic_seeded };
} // namespace at

namespace c10 {
namespace impl {
constexpr bool dispatch_key_allowlist_check(DispatchKey /*k*/) {
  return true;
}
} // namespace impl
namespace guts {
// c10/util/C++17.h: calls one of the two functors.
template <bool Condition, class ThenCallback, class ElseCallback>
decltype(auto) if_constexpr(ThenCallback&& thenCallback, ElseCallback&& elseCallback) {
  if constexpr (Condition) {
    return static_cast<ThenCallback&&>(thenCallback)();
  } else {
    return static_cast<ElseCallback&&>(elseCallback)();
  }
}
} // namespace guts
} // namespace c10

namespace torch {

class CppFunction final {
 public:
  template <typename Func>
  explicit CppFunction(Func* f) {}
  template <typename FuncPtr>
  explicit CppFunction(FuncPtr f, int = 0) {}
  CppFunction(CppFunction&&) noexcept;
  ~CppFunction();

 private:
  c10::optional<c10::DispatchKey> dispatch_key_;
  template <typename Func>
  friend CppFunction dispatch(c10::DispatchKey, Func&&);
};

template <typename Func>
inline CppFunction dispatch(c10::DispatchKey k, Func&& raw_f) {
  CppFunction f(std::forward<Func>(raw_f));
  f.dispatch_key_ = k;
  return f;
}

template <typename Func>
inline CppFunction dispatch(c10::DeviceType type, Func&& raw_f) {
  return CppFunction(std::forward<Func>(raw_f));
}

class Library final {
 public:
  enum Kind {
    DEF,
    IMPL,
    FRAGMENT,
  };

  Library(
      Kind kind,
      std::string ns,
      c10::optional<c10::DispatchKey> k,
      const char* file,
      uint32_t line);
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;
  Library(Library&&) = default;
  Library& operator=(Library&&) = default;

  template <typename Schema>
  Library& def(Schema&& raw_schema, const std::vector<at::Tag>& tags = {}) & {
    return *this;
  }
  template <typename NameOrSchema, typename Func>
  Library& def(NameOrSchema&& raw_name_or_schema, Func&& raw_f) & {
    return *this;
  }
#if TORCH_MOCK_2X
  // 2.x: a defaulted third parameter, as in 2.11's torch/library.h.
  enum class _RegisterOrVerify { REGISTER, VERIFY };
  template <typename Name, typename Func>
  Library& impl(Name name, Func&& raw_f,
                _RegisterOrVerify rv = _RegisterOrVerify::REGISTER) & {
    return *this;
  }
#else
  template <typename Name, typename Func>
  Library& impl(Name name, Func&& raw_f) & {
    return *this;
  }
#endif
  template <typename Name, typename Dispatch, typename Func>
  Library& impl(Name name, Dispatch&& key, Func&& raw_f) & {
    return *this;
  }
  template <typename Func>
  Library& fallback(Func&& raw_f) & {
    return *this;
  }
};

namespace detail {

class TorchLibraryInit final {
 private:
  using InitFn = void(Library&);
  Library lib_;

 public:
  TorchLibraryInit(
      Library::Kind kind,
      InitFn* fn,
      const char* ns,
      c10::optional<c10::DispatchKey> k,
      const char* file,
      uint32_t line)
      : lib_(kind, ns, k, file, line) {
    fn(lib_);
  }
};

} // namespace detail
} // namespace torch

#ifndef C10_UID
#define C10_UID __COUNTER__
#endif

#define TORCH_LIBRARY(ns, m)                                                   \
  static void TORCH_LIBRARY_init_##ns(torch::Library&);                        \
  static const torch::detail::TorchLibraryInit TORCH_LIBRARY_static_init_##ns( \
      torch::Library::DEF,                                                     \
      &TORCH_LIBRARY_init_##ns,                                                \
      #ns,                                                                     \
      c10::nullopt,                                                            \
      __FILE__,                                                                \
      __LINE__);                                                               \
  void TORCH_LIBRARY_init_##ns(torch::Library& m)

#define TORCH_LIBRARY_FRAGMENT(ns, m) _TORCH_LIBRARY_FRAGMENT(ns, m, C10_UID)
#define _TORCH_LIBRARY_FRAGMENT(ns, m, uid)                       \
  static void C10_CONCATENATE(                                    \
      TORCH_LIBRARY_FRAGMENT_init_##ns##_, uid)(torch::Library&); \
  static const torch::detail::TorchLibraryInit C10_CONCATENATE(   \
      TORCH_LIBRARY_FRAGMENT_static_init_##ns##_, uid)(           \
      torch::Library::FRAGMENT,                                   \
      &C10_CONCATENATE(TORCH_LIBRARY_FRAGMENT_init_##ns##_, uid), \
      #ns,                                                        \
      c10::nullopt,                                               \
      __FILE__,                                                   \
      __LINE__);                                                  \
  void C10_CONCATENATE(                                           \
      TORCH_LIBRARY_FRAGMENT_init_##ns##_, uid)(torch::Library & m)

#define TORCH_LIBRARY_IMPL(ns, k, m) _TORCH_LIBRARY_IMPL(ns, k, m, C10_UID)
#define _TORCH_LIBRARY_IMPL(ns, k, m, uid)                                   \
  static void C10_CONCATENATE(                                               \
      TORCH_LIBRARY_IMPL_init_##ns##_##k##_, uid)(torch::Library&);          \
  static const torch::detail::TorchLibraryInit C10_CONCATENATE(              \
      TORCH_LIBRARY_IMPL_static_init_##ns##_##k##_, uid)(                    \
      torch::Library::IMPL,                                                  \
      c10::guts::if_constexpr<c10::impl::dispatch_key_allowlist_check(       \
          c10::DispatchKey::k)>(                                             \
          []() {                                                             \
            return &C10_CONCATENATE(                                         \
                TORCH_LIBRARY_IMPL_init_##ns##_##k##_, uid);                 \
          },                                                                 \
          []() { return [](torch::Library&) -> void {}; }),                  \
      #ns,                                                                   \
      c10::optional<c10::DispatchKey>(c10::DispatchKey::k),                  \
      __FILE__,                                                              \
      __LINE__);                                                             \
  void C10_CONCATENATE(                                                      \
      TORCH_LIBRARY_IMPL_init_##ns##_##k##_, uid)(torch::Library & m)
