#pragma once
// torchsync mock of torch/csrc/autograd/generated/variable_factories.h (1.13).
//
// These factories are real functions of namespace torch (autograd wrappers
// around the at:: ones), NOT re-exports of at::. Because torch declares them
// itself, qualified lookup `torch::zeros` finds only these (the
// `using namespace at` of torch/types.h is not consulted). Signatures copied
// from the 1.13.1 header (Dimname/SymInt/sparse/window overloads dropped).
#include <ATen/Functions.h>
#include <ATen/core/Tensor.h>
#include <c10/core/MemoryFormat.h>
#include <c10/util/ArrayRef.h>
#include <torch/detail/TensorDataContainer.h>

#include <c10/util/std_function.h>
#include <initializer_list>
#include <utility>

namespace torch {

/// NOTE: Currently `torch::tensor(...)` doesn't support mixed data types
/// (i.e. `torch::tensor({{bool, 2.0}})` doesn't work).
at::Tensor tensor(detail::TensorDataContainer tensor_data_container, const at::TensorOptions& options = {});

/// A generic deleter function.
using Deleter = std::function<void(void*)>;
using at::MemoryFormat;

at::Tensor from_blob(
    void* data,
    at::IntArrayRef sizes,
    at::IntArrayRef strides,
    const Deleter& deleter,
    const at::TensorOptions& options = at::TensorOptions());

at::Tensor from_blob(
    void* data,
    at::IntArrayRef sizes,
    at::IntArrayRef strides,
    const at::TensorOptions& options = at::TensorOptions());

at::Tensor from_blob(
    void* data,
    at::IntArrayRef sizes,
    const Deleter& deleter,
    const at::TensorOptions& options = at::TensorOptions());

at::Tensor from_blob(
    void* data,
    at::IntArrayRef sizes,
    const at::TensorOptions& options = at::TensorOptions());

at::Tensor arange(const at::Scalar & end, at::TensorOptions options = {});
at::Tensor arange(const at::Scalar & start, const at::Scalar & end, at::TensorOptions options = {});
at::Tensor arange(const at::Scalar & start, const at::Scalar & end, const at::Scalar & step, at::TensorOptions options = {});
at::Tensor empty(at::IntArrayRef size, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
at::Tensor empty_like(const at::Tensor & self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
at::Tensor empty_strided(at::IntArrayRef size, at::IntArrayRef stride, at::TensorOptions options = {});
at::Tensor eye(int64_t n, at::TensorOptions options = {});
at::Tensor eye(int64_t n, int64_t m, at::TensorOptions options = {});
at::Tensor full(at::IntArrayRef size, const at::Scalar & fill_value, at::TensorOptions options = {});
at::Tensor full_like(const at::Tensor & self, const at::Scalar & fill_value, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
at::Tensor linspace(const at::Scalar & start, const at::Scalar & end, int64_t steps, at::TensorOptions options = {});
at::Tensor ones(at::IntArrayRef size, at::TensorOptions options = {});
at::Tensor ones_like(const at::Tensor & self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
at::Tensor rand(at::IntArrayRef size, at::TensorOptions options = {});
at::Tensor rand(at::IntArrayRef size, c10::optional<at::Generator> generator, at::TensorOptions options = {});
at::Tensor rand_like(const at::Tensor & self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
at::Tensor randint(int64_t high, at::IntArrayRef size, at::TensorOptions options = at::kLong);
at::Tensor randint(int64_t high, at::IntArrayRef size, c10::optional<at::Generator> generator, at::TensorOptions options = at::kLong);
at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, at::TensorOptions options = at::kLong);
at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, c10::optional<at::Generator> generator, at::TensorOptions options = at::kLong);
at::Tensor randint_like(const at::Tensor & self, int64_t high, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
at::Tensor randint_like(const at::Tensor & self, int64_t low, int64_t high, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
at::Tensor randn(at::IntArrayRef size, at::TensorOptions options = {});
at::Tensor randn(at::IntArrayRef size, c10::optional<at::Generator> generator, at::TensorOptions options = {});
at::Tensor randn_like(const at::Tensor & self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
at::Tensor randperm(int64_t n, at::TensorOptions options = at::kLong);
at::Tensor randperm(int64_t n, c10::optional<at::Generator> generator, at::TensorOptions options = at::kLong);
at::Tensor range(const at::Scalar & start, const at::Scalar & end, const at::Scalar & step = 1, at::TensorOptions options = {});
at::Tensor range(const at::Scalar & start, const at::Scalar & end, at::TensorOptions options = {});
at::Tensor zeros(at::IntArrayRef size, at::TensorOptions options = {});
at::Tensor zeros_like(const at::Tensor & self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
at::Tensor tril_indices(int64_t row, int64_t col, int64_t offset = 0, at::TensorOptions options = at::kLong);
at::Tensor triu_indices(int64_t row, int64_t col, int64_t offset = 0, at::TensorOptions options = at::kLong);
at::Tensor normal(double mean, double std, at::IntArrayRef size, c10::optional<at::Generator> generator = c10::nullopt, at::TensorOptions options = {});
at::Tensor scalar_tensor(const at::Scalar & s, at::TensorOptions options = {});

#if TORCH_MOCK_2X
at::Tensor linspace(const at::Tensor & start, const at::Tensor & end, int64_t steps, at::TensorOptions options = {});
at::Tensor linspace(const at::Tensor & start, const at::Scalar & end, int64_t steps, at::TensorOptions options = {});
at::Tensor linspace(const at::Scalar & start, const at::Tensor & end, int64_t steps, at::TensorOptions options = {});
#endif

} // namespace torch
