#pragma once
// torchsync mock of ATen/core/op_registration/op_registration.h (1.13),
// reduced: the legacy c10::RegisterOperators API (torch::RegisterOperators)
// with its constructor and op() forms that take a function or a lambda.
#include <ATen/ATen.h>
#include <c10/core/DispatchKey.h>

#include <string>
#include <utility>

namespace c10 {

class RegisterOperators final {
 public:
  RegisterOperators();
  ~RegisterOperators();
  RegisterOperators(const RegisterOperators&) = delete;
  RegisterOperators& operator=(const RegisterOperators&) = delete;
  RegisterOperators(RegisterOperators&&) noexcept;
  RegisterOperators& operator=(RegisterOperators&&) noexcept;

  class Options final {
   public:
    Options(Options&&) noexcept;
    template <class FuncType>
    Options&& kernel(DispatchKey dispatch_key, FuncType&& func) && {
      return std::move(*this);
    }
    template <class FuncType>
    Options&& catchAllKernel(FuncType&& func) && {
      return std::move(*this);
    }
  };

  static Options options();

  template <class FuncType>
  explicit RegisterOperators(
      const std::string& schemaOrName,
      FuncType&& func,
      Options&& options = RegisterOperators::options()) {}

  RegisterOperators&& op(Options&& options) &&;
  RegisterOperators&& op(const std::string& schemaOrName, Options&& options) &&;
  template <class FuncType>
  RegisterOperators&& op(
      const std::string& schemaOrName,
      FuncType&& func,
      Options&& options = RegisterOperators::options()) && {
    return std::move(*this);
  }
};

} // namespace c10

namespace torch {
using RegisterOperators = c10::RegisterOperators;
} // namespace torch
