#pragma once
// torchsync mock of torch/data/transforms/collate.h (1.13).
#include <torch/data/example.h>
#include <torch/data/transforms/lambda.h>
#include <vector>

namespace torch {
namespace data {
namespace transforms {

template <typename T, typename BatchType = std::vector<T>>
using Collation = BatchTransform<BatchType, T>;

template <typename T, typename BatchType = std::vector<T>>
using Collate = BatchLambda<BatchType, T>;

} // namespace transforms
} // namespace data
} // namespace torch
