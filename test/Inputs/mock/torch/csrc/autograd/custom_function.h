#pragma once
// torchsync mock of torch/csrc/autograd/custom_function.h (1.13), reduced:
// torch::autograd::Function<T> (whose static apply() calls T::forward, and
// autograd T::backward) and AutogradContext.
#include <ATen/ATen.h>
#include <torch/types.h>

#include <string>
#include <utility>
#include <vector>

namespace torch {
namespace autograd {

using variable_list = std::vector<Variable>;

struct AutogradContext {
  AutogradContext() = default;
  AutogradContext(const AutogradContext& other) = delete;
  AutogradContext& operator=(const AutogradContext& other) = delete;

  void save_for_backward(variable_list to_save);
  void mark_dirty(const variable_list& inputs);
  void mark_non_differentiable(const variable_list& outputs);
  void set_materialize_grads(bool value);
  variable_list get_saved_variables() const;
  bool needs_input_grad(size_t output_edge) const;
};

template <class T>
struct Function {
  template <typename X = T, typename... Args>
  static auto apply(Args&&... args)
      -> decltype(X::forward(std::declval<AutogradContext*>(),
                             std::forward<Args>(args)...));
};

} // namespace autograd
} // namespace torch
