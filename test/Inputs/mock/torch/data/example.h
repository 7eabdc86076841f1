#pragma once
// torchsync mock of torch/data/example.h (1.13).
#include <torch/types.h>

namespace torch {
namespace data {

/// An `Example` from a dataset.
///
/// A dataset consists of data and an associated target (label).
template <typename Data = at::Tensor, typename Target = at::Tensor>
struct Example {
  using DataType = Data;
  using TargetType = Target;

  Example() = default;
  Example(Data data, Target target)
      : data(std::move(data)), target(std::move(target)) {}

  Data data;
  Target target;
};

namespace example {
using NoTarget = void;
} //  namespace example

} // namespace data
} // namespace torch
