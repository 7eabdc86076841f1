#pragma once
// torchsync mock of torch/csrc/api/include/torch/nn/cloneable.h (1.13).
#include <c10/core/TensorOptions.h>
#include <c10/util/Exception.h>
#include <torch/nn/module.h>
#include <torch/types.h>
#include <torch/utils.h>

#include <memory>
#include <utility>

namespace torch {
namespace nn {

/// The `clone()` method in the base `Module` class does not have knowledge of
/// the concrete runtime type of its subclasses. `Cloneable` is a CRTP base
/// that implements it.
template <typename Derived>
class Cloneable : public virtual Module {
 public:
  using Module::Module;

  /// `reset()` must perform initialization of all members with reference
  /// semantics, most importantly parameters, buffers and submodules.
  virtual void reset() = 0;

  /// Performs a recursive "deep copy" of the `Module`.
  /// (Declared only in the mock: defining it would instantiate
  /// std::make_shared<Derived> for every module, which costs parse time.)
  std::shared_ptr<Module> clone(
      const optional<Device>& device = nullopt) const override;

 private:
  void clone_(Module& other, const optional<Device>& device) final;
};

} // namespace nn
} // namespace torch
