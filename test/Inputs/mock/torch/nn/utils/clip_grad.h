#pragma once
// torchsync mock of torch/nn/utils/clip_grad.h. All clip_grad_norm_
// overloads return double (the total norm read back with
// total_norm.item().toDouble(): a host-device sync on every call).
// 1.13 takes std::vector<Tensor> by value; 2.x takes const std::vector<Tensor>&.
#include <torch/types.h>

#include <initializer_list>
#include <vector>

namespace torch {
namespace nn {
namespace utils {

// Clips gradient norm of a vector of Tensors.
// See
// https://pytorch.org/docs/stable/nn.html?highlight=clip_grad_norm#torch.nn.utils.clip_grad_norm_
// for more details about this module.
//
// Difference with the python version: unlike the python version, even when
// skipping the finiteness checks (error_if_nonfinite = false), this function
// will introduce a device <=> CPU synchronization (for devices where that
// makes sense!) in order to return a CPU-side `double`. This C++ version
// therefore cannot be run fully asynchronously w.r.t. the device of the
// gradients.
double clip_grad_norm_(
#if TORCH_MOCK_2X
    const std::vector<Tensor>& parameters,
#else
    std::vector<Tensor> parameters,
#endif
    double max_norm,
    double norm_type = 2.0,
    bool error_if_nonfinite = false);

// A wrapper around clip_grad_norm_ that allows us to call the function with a
// braced-init-list of Tensors.
double clip_grad_norm_(
    std::initializer_list<Tensor> parameters,
    double max_norm,
    double norm_type = 2.0,
    bool error_if_nonfinite = false);

// A wrapper around clip_grad_norm_ that allows us to call the function with a
// single Tensor.
double clip_grad_norm_(
    Tensor parameter,
    double max_norm,
    double norm_type = 2.0,
    bool error_if_nonfinite = false);

// Clips gradient of an iterable of parameters at specified value.
// Gradients are modified in-place.
void clip_grad_value_(
#if TORCH_MOCK_2X
    const std::vector<Tensor>& parameters,
#else
    std::vector<Tensor> parameters,
#endif
    double clip_value);

void clip_grad_value_(
    std::initializer_list<Tensor> parameters,
    double clip_value);

void clip_grad_value_(Tensor parameter, double clip_value);

// Convert parameters to one vector
Tensor parameters_to_vector(const std::vector<Tensor>& parameters);

// Convert one vector to the parameters
void vector_to_parameters(
    const Tensor& vec,
    const std::vector<Tensor>& parameters);

} // namespace utils
} // namespace nn
} // namespace torch
