#pragma once
// torchsync mock of torch/csrc/api/include/torch/utils.h (1.13).
#include <ATen/Context.h>
#include <ATen/core/grad_mode.h>
#include <torch/types.h>

#include <cstdint>

namespace torch {

/// A RAII, thread-local guard that disabled gradient calculation.
using NoGradGuard = at::NoGradGuard;

/// A RAII, thread-local guard that sets gradient calculation to on or off.
using AutoGradMode = at::AutoGradMode;

/// Sets the global random seed for all newly created CPU and CUDA tensors.
using at::manual_seed;

/// Called during new thread initialization
TORCH_API void init_num_threads();
TORCH_API int get_num_threads();
TORCH_API void set_num_threads(int);

} // namespace torch
