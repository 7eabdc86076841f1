#pragma once
// torchsync mock of torch/csrc/api/include/torch/types.h (1.13).
#include <ATen/ATen.h>
#include <c10/util/Optional.h>
#include <torch/csrc/autograd/generated/variable_factories.h>

namespace torch {

// NOTE [ Exposing declarations in `at::` to `torch::` ]
// `using namespace at` makes torch::Tensor, torch::kCUDA, torch::nonzero,
// torch::indexing::Slice, ... resolve to the at:: (or c10::) declarations.
using namespace at; // NOLINT

using c10::nullopt;
using c10::optional;

using Dtype = at::ScalarType;

/// Fixed width dtypes.
constexpr auto kUInt8 = at::kByte;
constexpr auto kInt8 = at::kChar;
constexpr auto kInt16 = at::kShort;
constexpr auto kInt32 = at::kInt;
constexpr auto kInt64 = at::kLong;
constexpr auto kFloat16 = at::kHalf;
constexpr auto kFloat32 = at::kFloat;
constexpr auto kFloat64 = at::kDouble;

/// Rust-style short dtypes.
constexpr auto kU8 = kUInt8;
constexpr auto kI8 = kInt8;
constexpr auto kI16 = kInt16;
constexpr auto kI32 = kInt32;
constexpr auto kI64 = kInt64;
constexpr auto kF16 = kFloat16;
constexpr auto kF32 = kFloat32;
constexpr auto kF64 = kFloat64;

namespace autograd {
using Variable = at::Tensor;
} // namespace autograd

} // namespace torch
