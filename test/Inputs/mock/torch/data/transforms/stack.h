#pragma once
// torchsync mock of torch/data/transforms/stack.h (1.13), reduced: the
// Example<> specialization only.
#include <torch/data/example.h>
#include <torch/data/transforms/collate.h>
#include <torch/types.h>
#include <utility>
#include <vector>

namespace torch {
namespace data {
namespace transforms {

template <typename T = Example<>>
struct Stack;

/// Stacks the data and the targets of a batch of examples.
template <>
struct Stack<Example<>> : public Collation<Example<>> {
  Example<> apply_batch(std::vector<Example<>> examples) override {
    std::vector<torch::Tensor> data, targets;
    for (auto& example : examples) {
      data.push_back(std::move(example.data));
      targets.push_back(std::move(example.target));
    }
    return {torch::stack(data), torch::stack(targets)};
  }
};

} // namespace transforms
} // namespace data
} // namespace torch
