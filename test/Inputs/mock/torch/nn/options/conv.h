#pragma once
// torchsync mock of torch/nn/options/conv.h (1.13), reduced (padding is an
// ExpandingArray here; in LibTorch it is a variant that also accepts
// torch::kValid / torch::kSame).
#include <torch/arg.h>
#include <torch/enum.h>
#include <torch/expanding_array.h>
#include <torch/types.h>

#include <cstddef>
#include <cstdint>
#include <utility>

namespace torch {
namespace nn {

/// Options for a `D`-dimensional convolution module.
template <size_t D>
struct ConvOptions {
  ConvOptions(
      int64_t in_channels,
      int64_t out_channels,
      ExpandingArray<D> kernel_size)
      : in_channels_(in_channels),
        out_channels_(out_channels),
        kernel_size_(std::move(kernel_size)) {}

  TORCH_ARG(int64_t, in_channels);
  TORCH_ARG(int64_t, out_channels);
  TORCH_ARG(ExpandingArray<D>, kernel_size);
  TORCH_ARG(ExpandingArray<D>, stride) = 1;
  TORCH_ARG(ExpandingArray<D>, padding) = 0;
  TORCH_ARG(ExpandingArray<D>, dilation) = 1;
  TORCH_ARG(int64_t, groups) = 1;
  TORCH_ARG(bool, bias) = true;
};

/// `ConvOptions` specialized for the `Conv1d` module.
using Conv1dOptions = ConvOptions<1>;
/// `ConvOptions` specialized for the `Conv2d` module.
using Conv2dOptions = ConvOptions<2>;
/// `ConvOptions` specialized for the `Conv3d` module.
using Conv3dOptions = ConvOptions<3>;

} // namespace nn
} // namespace torch
