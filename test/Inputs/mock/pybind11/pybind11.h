#pragma once
// torchsync mock of pybind11/pybind11.h (2.x), reduced to what extension
// modules write: PYBIND11_MODULE, module_::def, class_ with def /
// def_static, init<>, arg. As in pybind11, PYBIND11_MODULE(name, m) ends in
// the definition of `void pybind11_init_<name>(::pybind11::module_ &(m))`.
#include <utility>

struct _object;
typedef _object PyObject;

namespace pybind11 {

class handle {
 public:
  handle() = default;
};
class object : public handle {};

struct arg {
  constexpr explicit arg(const char* name = nullptr) : name(name) {}
  template <typename T>
  arg operator=(T&&) const {
    return *this;
  }
  const char* name;
};

template <typename... Args>
struct init {};

class module_ : public object {
 public:
  explicit module_(const char* name, const char* doc = nullptr);
  template <typename Func, typename... Extra>
  module_& def(const char* name_, Func&& f, const Extra&... extra) {
    return *this;
  }
  module_ def_submodule(const char* name, const char* doc = nullptr);
  struct module_def {};
};
using module = module_;

template <typename type_, typename... options>
class class_ : public object {
 public:
  template <typename... Extra>
  class_(handle scope, const char* name, const Extra&... extra);
  template <typename Func, typename... Extra>
  class_& def(const char* name_, Func&& f, const Extra&... extra) {
    return *this;
  }
  template <typename... Args, typename... Extra>
  class_& def(init<Args...>&& init, const Extra&... extra) {
    return *this;
  }
  template <typename Func, typename... Extra>
  class_& def_static(const char* name_, Func&& f, const Extra&... extra) {
    return *this;
  }
};

namespace detail {
template <typename... Args>
struct overload_cast_impl {
  template <typename Return>
  constexpr auto operator()(Return (*pf)(Args...)) const noexcept
      -> decltype(pf) {
    return pf;
  }
};
} // namespace detail
template <typename... Args>
static constexpr detail::overload_cast_impl<Args...> overload_cast = {};

namespace literals {
constexpr arg operator"" _a(const char* name, decltype(sizeof 0)) {
  return arg(name);
}
} // namespace literals

} // namespace pybind11

#define PYBIND11_CONCAT(first, second) first##second

#define PYBIND11_MODULE(name, variable)                                       \
  static ::pybind11::module_::module_def PYBIND11_CONCAT(                     \
      pybind11_module_def_, name);                                            \
  static void PYBIND11_CONCAT(pybind11_init_, name)(::pybind11::module_&);    \
  extern "C" PyObject* PYBIND11_CONCAT(PyInit_, name)() {                     \
    auto m = ::pybind11::module_(#name);                                      \
    PYBIND11_CONCAT(pybind11_init_, name)(m);                                 \
    return nullptr;                                                           \
  }                                                                           \
  void PYBIND11_CONCAT(pybind11_init_, name)(::pybind11::module_ & (variable))
