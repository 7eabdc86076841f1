#pragma once
// torchsync mock of ATen/Functions.h (1.13).
//
// Free functions of namespace at. In LibTorch they are generated into
// ATen/ops/<op>.h (inline, calling at::_ops::<op>::call); here a subset is
// declared in one file. The declarations below were copied verbatim from
// /usr/include/ATen/ops/*.h (1.13.1), keeping only the functional variants
// (no *_out / *_outf / *_symint, no Dimname overloads).
// torch::X resolves to these through `namespace torch { using namespace at; }`
// (torch/types.h), except for the factories that torch redeclares
// (torch/csrc/autograd/generated/variable_factories.h).
#include <ATen/core/IListRef.h>
#include <ATen/core/List.h>
#include <ATen/core/Reduction.h>
#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>
#include <c10/core/TensorOptions.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Optional.h>
#include <c10/util/OptionalArrayRef.h>
#include <c10/util/string_view.h>

#include <c10/util/std_function.h>
#include <initializer_list>
#include <tuple>
#include <vector>

namespace at {

// ---- generated operators (verbatim signatures from ATen/ops/*.h) ----
at::Tensor nonzero(const at::Tensor & self);
at::Tensor argwhere(const at::Tensor & self);
at::Tensor where(const at::Tensor & condition, const at::Tensor & self, const at::Tensor & other);
at::Tensor where(const at::Tensor & condition, const at::Scalar & self, const at::Tensor & other);
at::Tensor where(const at::Tensor & condition, const at::Tensor & self, const at::Scalar & other);
at::Tensor where(const at::Tensor & condition, const at::Scalar & self, const at::Scalar & other);
::std::vector<at::Tensor> where(const at::Tensor & condition);
at::Tensor masked_select(const at::Tensor & self, const at::Tensor & mask);
::std::tuple<at::Tensor,at::Tensor> _unique(const at::Tensor & self, bool sorted=true, bool return_inverse=false);
::std::tuple<at::Tensor,at::Tensor,at::Tensor> _unique2(const at::Tensor & self, bool sorted=true, bool return_inverse=false, bool return_counts=false);
::std::tuple<at::Tensor,at::Tensor,at::Tensor> unique_consecutive(const at::Tensor & self, bool return_inverse=false, bool return_counts=false, c10::optional<int64_t> dim=c10::nullopt);
::std::tuple<at::Tensor,at::Tensor,at::Tensor> unique_dim(const at::Tensor & self, int64_t dim, bool sorted=true, bool return_inverse=false, bool return_counts=false);
::std::tuple<at::Tensor,at::Tensor,at::Tensor> unique_dim_consecutive(const at::Tensor & self, int64_t dim, bool return_inverse=false, bool return_counts=false);
at::Tensor repeat_interleave(const at::Tensor & repeats, c10::optional<int64_t> output_size=c10::nullopt);
at::Tensor repeat_interleave(const at::Tensor & self, const at::Tensor & repeats, c10::optional<int64_t> dim=c10::nullopt, c10::optional<int64_t> output_size=c10::nullopt);
at::Tensor repeat_interleave(const at::Tensor & self, int64_t repeats, c10::optional<int64_t> dim=c10::nullopt, c10::optional<int64_t> output_size=c10::nullopt);
at::Tensor bincount(const at::Tensor & self, const c10::optional<at::Tensor> & weights={}, int64_t minlength=0);
at::Tensor histc(const at::Tensor & self, int64_t bins=100, const at::Scalar & min=0, const at::Scalar & max=0);
at::Tensor one_hot(const at::Tensor & self, int64_t num_classes=-1);
at::Tensor combinations(const at::Tensor & self, int64_t r=2, bool with_replacement=false);
at::Tensor cat(const at::ITensorListRef & tensors, int64_t dim=0);
at::Tensor broadcast_to(const at::Tensor & self, at::IntArrayRef size);
at::Tensor stack(at::TensorList tensors, int64_t dim=0);
at::Tensor matmul(const at::Tensor & self, const at::Tensor & other);
at::Tensor mse_loss(const at::Tensor & self, const at::Tensor & target, int64_t reduction=at::Reduction::Mean);
at::Tensor cross_entropy_loss(const at::Tensor & self, const at::Tensor & target, const c10::optional<at::Tensor> & weight={}, int64_t reduction=at::Reduction::Mean, int64_t ignore_index=-100, double label_smoothing=0.0);
at::Tensor nll_loss(const at::Tensor & self, const at::Tensor & target, const c10::optional<at::Tensor> & weight={}, int64_t reduction=at::Reduction::Mean, int64_t ignore_index=-100);
bool is_nonzero(const at::Tensor & self);
bool equal(const at::Tensor & self, const at::Tensor & other);
bool allclose(const at::Tensor & self, const at::Tensor & other, double rtol=1e-05, double atol=1e-08, bool equal_nan=false);
at::Tensor isclose(const at::Tensor & self, const at::Tensor & other, double rtol=1e-05, double atol=1e-08, bool equal_nan=false);
at::Tensor eq(const at::Tensor & self, const at::Scalar & other);
at::Tensor eq(const at::Tensor & self, const at::Tensor & other);
at::Tensor ne(const at::Tensor & self, const at::Scalar & other);
at::Tensor ne(const at::Tensor & self, const at::Tensor & other);
at::Tensor lt(const at::Tensor & self, const at::Scalar & other);
at::Tensor lt(const at::Tensor & self, const at::Tensor & other);
at::Tensor gt(const at::Tensor & self, const at::Scalar & other);
at::Tensor gt(const at::Tensor & self, const at::Tensor & other);
at::Tensor le(const at::Tensor & self, const at::Scalar & other);
at::Tensor le(const at::Tensor & self, const at::Tensor & other);
at::Tensor ge(const at::Tensor & self, const at::Scalar & other);
at::Tensor ge(const at::Tensor & self, const at::Tensor & other);
at::Scalar _local_scalar_dense(const at::Tensor & self);
void _assert_async(const at::Tensor & self);
at::Tensor linalg_cholesky(const at::Tensor & self, bool upper=false);
::std::tuple<at::Tensor,at::Tensor> linalg_cholesky_ex(const at::Tensor & self, bool upper=false, bool check_errors=false);
at::Tensor linalg_inv(const at::Tensor & A);
::std::tuple<at::Tensor,at::Tensor> linalg_inv_ex(const at::Tensor & A, bool check_errors=false);
at::Tensor linalg_solve(const at::Tensor & A, const at::Tensor & B, bool left=true);
::std::tuple<at::Tensor,at::Tensor> linalg_solve_ex(const at::Tensor & A, const at::Tensor & B, bool left=true, bool check_errors=false);
::std::tuple<at::Tensor,at::Tensor> linalg_eigh(const at::Tensor & self, c10::string_view UPLO="L");
at::Tensor linalg_eigvalsh(const at::Tensor & self, c10::string_view UPLO="L");
::std::tuple<at::Tensor,at::Tensor,at::Tensor> linalg_svd(const at::Tensor & A, bool full_matrices=true, c10::optional<c10::string_view> driver=c10::nullopt);
at::Tensor linalg_svdvals(const at::Tensor & A, c10::optional<c10::string_view> driver=c10::nullopt);
::std::tuple<at::Tensor,at::Tensor,at::Tensor> svd(const at::Tensor & self, bool some=true, bool compute_uv=true);
::std::tuple<at::Tensor,at::Tensor,at::Tensor,at::Tensor> linalg_lstsq(const at::Tensor & self, const at::Tensor & b, c10::optional<double> rcond=c10::nullopt, c10::optional<c10::string_view> driver=c10::nullopt);
::std::tuple<at::Tensor,at::Tensor> linalg_eig(const at::Tensor & self);
at::Tensor linalg_eigvals(const at::Tensor & self);
::std::tuple<at::Tensor,at::Tensor> linalg_lu_factor(const at::Tensor & A, bool pivot=true);
::std::tuple<at::Tensor,at::Tensor,at::Tensor> linalg_lu_factor_ex(const at::Tensor & A, bool pivot=true, bool check_errors=false);
at::Tensor linalg_matrix_exp(const at::Tensor & self);
at::Tensor matrix_exp(const at::Tensor & self);
at::Tensor linalg_norm(const at::Tensor & self, const c10::optional<at::Scalar> & ord=c10::nullopt, at::OptionalIntArrayRef dim=c10::nullopt, bool keepdim=false, c10::optional<at::ScalarType> dtype=c10::nullopt);
at::Tensor linalg_norm(const at::Tensor & self, c10::string_view ord, at::OptionalIntArrayRef dim=c10::nullopt, bool keepdim=false, c10::optional<at::ScalarType> dtype=c10::nullopt);
at::Tensor linalg_matrix_rank(const at::Tensor & input, const c10::optional<at::Tensor> & atol={}, const c10::optional<at::Tensor> & rtol={}, bool hermitian=false);
at::Tensor linalg_matrix_rank(const at::Tensor & self, c10::optional<double> atol, c10::optional<double> rtol, bool hermitian=false);
at::Tensor linalg_matrix_rank(const at::Tensor & self, double tol, bool hermitian=false);
at::Tensor linalg_matrix_rank(const at::Tensor & input, const at::Tensor & tol, bool hermitian=false);
at::Tensor linalg_pinv(const at::Tensor & self, const c10::optional<at::Tensor> & atol={}, const c10::optional<at::Tensor> & rtol={}, bool hermitian=false);
at::Tensor linalg_pinv(const at::Tensor & self, c10::optional<double> atol, c10::optional<double> rtol, bool hermitian=false);
at::Tensor linalg_pinv(const at::Tensor & self, double rcond, bool hermitian=false);
at::Tensor linalg_pinv(const at::Tensor & self, const at::Tensor & rcond, bool hermitian=false);
void _linalg_check_errors(const at::Tensor & info, c10::string_view api_name, bool is_matrix);
at::Tensor cholesky(const at::Tensor & self, bool upper=false);
at::Tensor inverse(const at::Tensor & self);
at::Tensor scalar_tensor(const at::Scalar & s, at::TensorOptions options={});
at::Tensor scalar_tensor(const at::Scalar & s, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor relu(const at::Tensor & self);
at::Tensor sigmoid(const at::Tensor & self);
at::Tensor softmax(const at::Tensor & self, int64_t dim, c10::optional<at::ScalarType> dtype=c10::nullopt);
at::Tensor log_softmax(const at::Tensor & self, int64_t dim, c10::optional<at::ScalarType> dtype=c10::nullopt);
at::Tensor index_select(const at::Tensor & self, int64_t dim, const at::Tensor & index);
at::Tensor & index_put_(at::Tensor & self, const c10::List<c10::optional<at::Tensor>> & indices, const at::Tensor & values, bool accumulate=false);
at::Tensor index_put(const at::Tensor & self, const c10::List<c10::optional<at::Tensor>> & indices, const at::Tensor & values, bool accumulate=false);
at::Tensor index(const at::Tensor & self, const c10::List<c10::optional<at::Tensor>> & indices);
at::Tensor masked_fill(const at::Tensor & self, const at::Tensor & mask, const at::Scalar & value);
at::Tensor masked_fill(const at::Tensor & self, const at::Tensor & mask, const at::Tensor & value);
at::Tensor index_fill(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Scalar & value);
at::Tensor index_fill(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & value);
at::Tensor scatter_add(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & src);
at::Tensor gather(const at::Tensor & self, int64_t dim, const at::Tensor & index, bool sparse_grad=false);
::std::vector<at::Tensor> _foreach_norm(at::TensorList self, const at::Scalar & ord=2);
at::Tensor clamp(const at::Tensor & self, const c10::optional<at::Scalar> & min, const c10::optional<at::Scalar> & max=c10::nullopt);
at::Tensor clamp(const at::Tensor & self, const c10::optional<at::Tensor> & min={}, const c10::optional<at::Tensor> & max={});
at::Tensor clamp_max(const at::Tensor & self, const at::Scalar & max);
at::Tensor clamp_max(const at::Tensor & self, const at::Tensor & max);
at::Tensor clamp_min(const at::Tensor & self, const at::Scalar & min);
at::Tensor clamp_min(const at::Tensor & self, const at::Tensor & min);
at::Tensor zeros_like(const at::Tensor & self, at::TensorOptions options={}, c10::optional<at::MemoryFormat> memory_format=c10::nullopt);
at::Tensor zeros_like(const at::Tensor & self, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory, c10::optional<at::MemoryFormat> memory_format);
at::Tensor ones_like(const at::Tensor & self, at::TensorOptions options={}, c10::optional<at::MemoryFormat> memory_format=c10::nullopt);
at::Tensor ones_like(const at::Tensor & self, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory, c10::optional<at::MemoryFormat> memory_format);
at::Tensor empty_like(const at::Tensor & self, at::TensorOptions options={}, c10::optional<at::MemoryFormat> memory_format=c10::nullopt);
at::Tensor empty_like(const at::Tensor & self, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory, c10::optional<at::MemoryFormat> memory_format);
at::Tensor randn_like(const at::Tensor & self, at::TensorOptions options={}, c10::optional<at::MemoryFormat> memory_format=c10::nullopt);
at::Tensor randn_like(const at::Tensor & self, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory, c10::optional<at::MemoryFormat> memory_format);
at::Tensor rand_like(const at::Tensor & self, at::TensorOptions options={}, c10::optional<at::MemoryFormat> memory_format=c10::nullopt);
at::Tensor rand_like(const at::Tensor & self, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory, c10::optional<at::MemoryFormat> memory_format);
at::Tensor full_like(const at::Tensor & self, const at::Scalar & fill_value, at::TensorOptions options={}, c10::optional<at::MemoryFormat> memory_format=c10::nullopt);
at::Tensor full_like(const at::Tensor & self, const at::Scalar & fill_value, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory, c10::optional<at::MemoryFormat> memory_format);
at::Tensor zeros(at::IntArrayRef size, at::TensorOptions options={});
at::Tensor zeros(at::IntArrayRef size, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor ones(at::IntArrayRef size, at::TensorOptions options={});
at::Tensor ones(at::IntArrayRef size, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor empty(at::IntArrayRef size, at::TensorOptions options={}, c10::optional<at::MemoryFormat> memory_format=c10::nullopt);
at::Tensor empty(at::IntArrayRef size, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory, c10::optional<at::MemoryFormat> memory_format);
at::Tensor randn(at::IntArrayRef size, at::TensorOptions options={});
at::Tensor randn(at::IntArrayRef size, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor randn(at::IntArrayRef size, c10::optional<at::Generator> generator, at::TensorOptions options={});
at::Tensor randn(at::IntArrayRef size, c10::optional<at::Generator> generator, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor rand(at::IntArrayRef size, at::TensorOptions options={});
at::Tensor rand(at::IntArrayRef size, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor rand(at::IntArrayRef size, c10::optional<at::Generator> generator, at::TensorOptions options={});
at::Tensor rand(at::IntArrayRef size, c10::optional<at::Generator> generator, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor randint(int64_t high, at::IntArrayRef size, at::TensorOptions options=at::kLong);
at::Tensor randint(int64_t high, at::IntArrayRef size, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor randint(int64_t high, at::IntArrayRef size, c10::optional<at::Generator> generator, at::TensorOptions options=at::kLong);
at::Tensor randint(int64_t high, at::IntArrayRef size, c10::optional<at::Generator> generator, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, at::TensorOptions options=at::kLong);
at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, c10::optional<at::Generator> generator, at::TensorOptions options=at::kLong);
at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, c10::optional<at::Generator> generator, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor arange(const at::Scalar & end, at::TensorOptions options={});
at::Tensor arange(const at::Scalar & end, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor arange(const at::Scalar & start, const at::Scalar & end, at::TensorOptions options={});
at::Tensor arange(const at::Scalar & start, const at::Scalar & end, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor arange(const at::Scalar & start, const at::Scalar & end, const at::Scalar & step, at::TensorOptions options={});
at::Tensor arange(const at::Scalar & start, const at::Scalar & end, const at::Scalar & step, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor full(at::IntArrayRef size, const at::Scalar & fill_value, at::TensorOptions options={});
at::Tensor full(at::IntArrayRef size, const at::Scalar & fill_value, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor eye(int64_t n, at::TensorOptions options={});
at::Tensor eye(int64_t n, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor eye(int64_t n, int64_t m, at::TensorOptions options={});
at::Tensor eye(int64_t n, int64_t m, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor linspace(const at::Scalar & start, const at::Scalar & end, int64_t steps, at::TensorOptions options={});
at::Tensor linspace(const at::Scalar & start, const at::Scalar & end, int64_t steps, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
::std::vector<at::Tensor> nonzero_numpy(const at::Tensor & self);
at::Tensor narrow(const at::Tensor & self, int64_t dim, int64_t start, int64_t length);
at::Tensor narrow(const at::Tensor & self, int64_t dim, const at::Tensor & start, int64_t length);
at::Tensor multinomial(const at::Tensor & self, int64_t num_samples, bool replacement=false, c10::optional<at::Generator> generator=c10::nullopt);
at::Tensor normal(const at::Tensor & mean, double std=1, c10::optional<at::Generator> generator=c10::nullopt);
at::Tensor normal(double mean, const at::Tensor & std, c10::optional<at::Generator> generator=c10::nullopt);
at::Tensor normal(const at::Tensor & mean, const at::Tensor & std, c10::optional<at::Generator> generator=c10::nullopt);
at::Tensor normal(double mean, double std, at::IntArrayRef size, c10::optional<at::Generator> generator=c10::nullopt, at::TensorOptions options={});
at::Tensor normal(double mean, double std, at::IntArrayRef size, c10::optional<at::Generator> generator, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor bernoulli(const at::Tensor & self, c10::optional<at::Generator> generator=c10::nullopt);
at::Tensor bernoulli(const at::Tensor & self, double p, c10::optional<at::Generator> generator=c10::nullopt);
at::Tensor bernoulli(const at::Tensor & self, const at::Tensor & p, c10::optional<at::Generator> generator=c10::nullopt);
at::Tensor searchsorted(const at::Tensor & sorted_sequence, const at::Tensor & self, bool out_int32=false, bool right=false, c10::optional<c10::string_view> side=c10::nullopt, const c10::optional<at::Tensor> & sorter={});
at::Tensor searchsorted(const at::Tensor & sorted_sequence, const at::Scalar & self, bool out_int32=false, bool right=false, c10::optional<c10::string_view> side=c10::nullopt, const c10::optional<at::Tensor> & sorter={});
at::Tensor segment_reduce(const at::Tensor & data, c10::string_view reduce, const c10::optional<at::Tensor> & lengths={}, const c10::optional<at::Tensor> & indices={}, const c10::optional<at::Tensor> & offsets={}, int64_t axis=0, bool unsafe=false, const c10::optional<at::Scalar> & initial=c10::nullopt);
::std::vector<at::Tensor> tensor_split(const at::Tensor & self, int64_t sections, int64_t dim=0);
::std::vector<at::Tensor> tensor_split(const at::Tensor & self, at::IntArrayRef indices, int64_t dim=0);
::std::vector<at::Tensor> tensor_split(const at::Tensor & self, const at::Tensor & tensor_indices_or_sections, int64_t dim=0);
::std::tuple<at::Tensor,at::Tensor> mode(const at::Tensor & self, int64_t dim=-1, bool keepdim=false);
at::Tensor cumprod(const at::Tensor & self, int64_t dim, c10::optional<at::ScalarType> dtype=c10::nullopt);
at::Tensor cumsum(const at::Tensor & self, int64_t dim, c10::optional<at::ScalarType> dtype=c10::nullopt);
at::Tensor sum(const at::Tensor & self, c10::optional<at::ScalarType> dtype=c10::nullopt);
at::Tensor sum(const at::Tensor & self, at::OptionalIntArrayRef dim, bool keepdim=false, c10::optional<at::ScalarType> dtype=c10::nullopt);
at::Tensor mean(const at::Tensor & self, c10::optional<at::ScalarType> dtype=c10::nullopt);
at::Tensor mean(const at::Tensor & self, at::OptionalIntArrayRef dim, bool keepdim=false, c10::optional<at::ScalarType> dtype=c10::nullopt);
::std::tuple<at::Tensor,at::Tensor> max(const at::Tensor & self, int64_t dim, bool keepdim=false);
at::Tensor max(const at::Tensor & self);
at::Tensor max(const at::Tensor & self, const at::Tensor & other);
::std::tuple<at::Tensor,at::Tensor> min(const at::Tensor & self, int64_t dim, bool keepdim=false);
at::Tensor min(const at::Tensor & self);
at::Tensor min(const at::Tensor & self, const at::Tensor & other);
at::Tensor abs(const at::Tensor & self);
at::Tensor sqrt(const at::Tensor & self);
at::Tensor exp(const at::Tensor & self);
at::Tensor log(const at::Tensor & self);
at::Tensor pow(const at::Tensor & self, const at::Tensor & exponent);
at::Tensor pow(const at::Scalar & self, const at::Tensor & exponent);
at::Tensor pow(const at::Tensor & self, const at::Scalar & exponent);
at::Tensor mm(const at::Tensor & self, const at::Tensor & mat2);
at::Tensor bmm(const at::Tensor & self, const at::Tensor & mat2);
::std::tuple<at::Tensor,at::Tensor> topk(const at::Tensor & self, int64_t k, int64_t dim=-1, bool largest=true, bool sorted=true);
::std::tuple<at::Tensor,at::Tensor> sort(const at::Tensor & self, int64_t dim=-1, bool descending=false);
::std::tuple<at::Tensor,at::Tensor> sort(const at::Tensor & self, c10::optional<bool> stable, int64_t dim=-1, bool descending=false);
at::Tensor triu_indices(int64_t row, int64_t col, int64_t offset=0, at::TensorOptions options=at::kLong);
at::Tensor triu_indices(int64_t row, int64_t col, int64_t offset, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor tril_indices(int64_t row, int64_t col, int64_t offset=0, at::TensorOptions options=at::kLong);
at::Tensor tril_indices(int64_t row, int64_t col, int64_t offset, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor tanh(const at::Tensor & self);
at::Tensor dropout(const at::Tensor & input, double p, bool train);
at::Tensor embedding(const at::Tensor & weight, const at::Tensor & indices, int64_t padding_idx=-1, bool scale_grad_by_freq=false, bool sparse=false);
at::Tensor ctc_loss(const at::Tensor & log_probs, const at::Tensor & targets, at::IntArrayRef input_lengths, at::IntArrayRef target_lengths, int64_t blank=0, int64_t reduction=at::Reduction::Mean, bool zero_infinity=false);
at::Tensor ctc_loss(const at::Tensor & log_probs, const at::Tensor & targets, const at::Tensor & input_lengths, const at::Tensor & target_lengths, int64_t blank=0, int64_t reduction=at::Reduction::Mean, bool zero_infinity=false);
at::Tensor mul(const at::Tensor & self, const at::Tensor & other);
at::Tensor mul(const at::Tensor & self, const at::Scalar & other);
at::Tensor add(const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha=1);
at::Tensor add(const at::Tensor & self, const at::Scalar & other, const at::Scalar & alpha=1);
at::Tensor sub(const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha=1);
at::Tensor sub(const at::Tensor & self, const at::Scalar & other, const at::Scalar & alpha=1);
at::Tensor div(const at::Tensor & self, const at::Tensor & other);
at::Tensor div(const at::Tensor & self, const at::Tensor & other, c10::optional<c10::string_view> rounding_mode);
at::Tensor div(const at::Tensor & self, const at::Scalar & other);
at::Tensor div(const at::Tensor & self, const at::Scalar & other, c10::optional<c10::string_view> rounding_mode);
at::Tensor neg(const at::Tensor & self);
at::Tensor maximum(const at::Tensor & self, const at::Tensor & other);
at::Tensor minimum(const at::Tensor & self, const at::Tensor & other);
at::Tensor isfinite(const at::Tensor & self);
at::Tensor isnan(const at::Tensor & self);
at::Tensor logical_not(const at::Tensor & self);
at::Tensor any(const at::Tensor & self, int64_t dim, bool keepdim=false);
at::Tensor any(const at::Tensor & self);
at::Tensor all(const at::Tensor & self, int64_t dim, bool keepdim=false);
at::Tensor all(const at::Tensor & self);
at::Tensor norm(const at::Tensor & self, const c10::optional<at::Scalar> & p, at::ScalarType dtype);
at::Tensor norm(const at::Tensor & self, const at::Scalar & p=2);
at::Tensor norm(const at::Tensor & self, const c10::optional<at::Scalar> & p, at::IntArrayRef dim, bool keepdim, at::ScalarType dtype);
at::Tensor norm(const at::Tensor & self, const c10::optional<at::Scalar> & p, at::IntArrayRef dim, bool keepdim=false);
at::Tensor t(const at::Tensor & self);
at::Tensor transpose(const at::Tensor & self, int64_t dim0, int64_t dim1);
at::Tensor reshape(const at::Tensor & self, at::IntArrayRef shape);
at::Tensor flatten(const at::Tensor & self, int64_t start_dim=0, int64_t end_dim=-1);
at::Tensor squeeze(const at::Tensor & self);
at::Tensor squeeze(const at::Tensor & self, int64_t dim);
at::Tensor unsqueeze(const at::Tensor & self, int64_t dim);
at::Tensor binary_cross_entropy(const at::Tensor & self, const at::Tensor & target, const c10::optional<at::Tensor> & weight={}, int64_t reduction=at::Reduction::Mean);
at::Tensor binary_cross_entropy_with_logits(const at::Tensor & self, const at::Tensor & target, const c10::optional<at::Tensor> & weight={}, const c10::optional<at::Tensor> & pos_weight={}, int64_t reduction=at::Reduction::Mean);
at::Tensor smooth_l1_loss(const at::Tensor & self, const at::Tensor & target, int64_t reduction=at::Reduction::Mean, double beta=1.0);
at::Tensor l1_loss(const at::Tensor & self, const at::Tensor & target, int64_t reduction=at::Reduction::Mean);
at::Tensor empty_strided(at::IntArrayRef size, at::IntArrayRef stride, at::TensorOptions options={});
at::Tensor empty_strided(at::IntArrayRef size, at::IntArrayRef stride, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor randperm(int64_t n, at::TensorOptions options=at::kLong);
at::Tensor randperm(int64_t n, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);
at::Tensor randperm(int64_t n, c10::optional<at::Generator> generator, at::TensorOptions options=at::kLong);
at::Tensor randperm(int64_t n, c10::optional<at::Generator> generator, c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory);

at::Tensor & relu_(at::Tensor & self);
at::Tensor pad_sequence(at::TensorList sequences, bool batch_first=false, double padding_value=0.0);
at::Tensor var(const at::Tensor & self, bool unbiased=true);
at::Tensor var(const at::Tensor & self, at::OptionalIntArrayRef dim, bool unbiased=true, bool keepdim=false);
at::Tensor var(const at::Tensor & self, at::OptionalIntArrayRef dim, c10::optional<int64_t> correction, bool keepdim=false);
at::Tensor std(const at::Tensor & self, bool unbiased=true);
at::Tensor std(const at::Tensor & self, at::OptionalIntArrayRef dim, bool unbiased=true, bool keepdim=false);
at::Tensor std(const at::Tensor & self, at::OptionalIntArrayRef dim, c10::optional<int64_t> correction, bool keepdim=false);
at::Tensor prod(const at::Tensor & self, c10::optional<at::ScalarType> dtype=c10::nullopt);
at::Tensor prod(const at::Tensor & self, int64_t dim, bool keepdim=false, c10::optional<at::ScalarType> dtype=c10::nullopt);
at::Tensor median(const at::Tensor & self);
::std::tuple<at::Tensor,at::Tensor> median(const at::Tensor & self, int64_t dim, bool keepdim=false);
at::Tensor count_nonzero(const at::Tensor & self, at::IntArrayRef dim);
at::Tensor count_nonzero(const at::Tensor & self, c10::optional<int64_t> dim=c10::nullopt);
at::Tensor logsumexp(const at::Tensor & self, at::IntArrayRef dim, bool keepdim=false);
at::Tensor amax(const at::Tensor & self, at::IntArrayRef dim={}, bool keepdim=false);
at::Tensor amin(const at::Tensor & self, at::IntArrayRef dim={}, bool keepdim=false);
at::Tensor floor(const at::Tensor & self);
at::Tensor ceil(const at::Tensor & self);
at::Tensor round(const at::Tensor & self);
at::Tensor round(const at::Tensor & self, int64_t decimals);
at::Tensor sign(const at::Tensor & self);
at::Tensor sin(const at::Tensor & self);
at::Tensor cos(const at::Tensor & self);
at::Tensor clone(const at::Tensor & self, c10::optional<at::MemoryFormat> memory_format=c10::nullopt);
at::Tensor detach(const at::Tensor & self);
at::Tensor masked_scatter(const at::Tensor & self, const at::Tensor & mask, const at::Tensor & source);
at::Tensor index_add(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & source, const at::Scalar & alpha=1);
at::Tensor index_copy(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & source);
at::Tensor take(const at::Tensor & self, const at::Tensor & index);
at::Tensor put(const at::Tensor & self, const at::Tensor & index, const at::Tensor & source, bool accumulate=false);
at::Tensor permute(const at::Tensor & self, at::IntArrayRef dims);
::std::vector<at::Tensor> split(const at::Tensor & self, int64_t split_size, int64_t dim=0);
::std::vector<at::Tensor> split(const at::Tensor & self, at::IntArrayRef split_size, int64_t dim=0);
::std::vector<at::Tensor> chunk(const at::Tensor & self, int64_t chunks, int64_t dim=0);
::std::vector<at::Tensor> unbind(const at::Tensor & self, int64_t dim=0);
::std::vector<at::Tensor> meshgrid(at::TensorList tensors);
::std::vector<at::Tensor> meshgrid(at::TensorList tensors, c10::string_view indexing);
at::Tensor flip(const at::Tensor & self, at::IntArrayRef dims);
at::Tensor roll(const at::Tensor & self, at::IntArrayRef shifts, at::IntArrayRef dims={});
at::Tensor tril(const at::Tensor & self, int64_t diagonal=0);
at::Tensor triu(const at::Tensor & self, int64_t diagonal=0);
at::Tensor diag(const at::Tensor & self, int64_t diagonal=0);
at::Tensor outer(const at::Tensor & self, const at::Tensor & vec2);
at::Tensor einsum(c10::string_view equation, at::TensorList tensors, at::OptionalIntArrayRef path=c10::nullopt);
at::Tensor addmm(const at::Tensor & self, const at::Tensor & mat1, const at::Tensor & mat2, const at::Scalar & beta=1, const at::Scalar & alpha=1);
at::Tensor lerp(const at::Tensor & self, const at::Tensor & end, const at::Scalar & weight);
at::Tensor lerp(const at::Tensor & self, const at::Tensor & end, const at::Tensor & weight);
at::Tensor argsort(const at::Tensor & self, int64_t dim=-1, bool descending=false);
at::Tensor argsort(const at::Tensor & self, bool stable, int64_t dim=-1, bool descending=false);
at::Tensor argmax(const at::Tensor & self, c10::optional<int64_t> dim=c10::nullopt, bool keepdim=false);
at::Tensor argmin(const at::Tensor & self, c10::optional<int64_t> dim=c10::nullopt, bool keepdim=false);
::std::tuple<at::Tensor,at::Tensor> kthvalue(const at::Tensor & self, int64_t k, int64_t dim=-1, bool keepdim=false);
at::Tensor & embedding_renorm_(at::Tensor & self, const at::Tensor & indices, double max_norm, double norm_type);
at::Tensor quantile(const at::Tensor & self, const at::Tensor & q, c10::optional<int64_t> dim=c10::nullopt, bool keepdim=false, c10::string_view interpolation="linear");
at::Tensor quantile(const at::Tensor & self, double q, c10::optional<int64_t> dim=c10::nullopt, bool keepdim=false, c10::string_view interpolation="linear");
at::Tensor nanquantile(const at::Tensor & self, const at::Tensor & q, c10::optional<int64_t> dim=c10::nullopt, bool keepdim=false, c10::string_view interpolation="linear");
at::Tensor nanquantile(const at::Tensor & self, double q, c10::optional<int64_t> dim=c10::nullopt, bool keepdim=false, c10::string_view interpolation="linear");
void _foreach_add_(at::TensorList self, const at::Scalar & scalar);
void _foreach_add_(at::TensorList self, at::TensorList other, const at::Scalar & alpha=1);
void _foreach_mul_(at::TensorList self, const at::Scalar & scalar);
void _foreach_mul_(at::TensorList self, at::TensorList other);

#if TORCH_MOCK_2X
// ---- 2.x only (absent from the 1.13 headers) ----
at::Tensor nonzero_static(const at::Tensor & self, int64_t size, int64_t fill_value=-1);
void _assert_async(const at::Tensor & self, c10::string_view assert_msg);
at::Tensor linspace(const at::Tensor & start, const at::Tensor & end, int64_t steps, at::TensorOptions options={});
at::Tensor linspace(const at::Tensor & start, const at::Scalar & end, int64_t steps, at::TensorOptions options={});
at::Tensor linspace(const at::Scalar & start, const at::Tensor & end, int64_t steps, at::TensorOptions options={});
void _foreach_add_(at::TensorList self, const at::Tensor & other, const at::Scalar & alpha=1);
void _foreach_mul_(at::TensorList self, const at::Tensor & other);
#endif

// ---- ATen/ops/tensor.h: at::tensor for each scalar type ----
#define TENSOR(T, S)                                                          \
  TORCH_API Tensor tensor(ArrayRef<T> values, const TensorOptions& options);  \
  inline Tensor tensor(                                                       \
      std::initializer_list<T> values, const TensorOptions& options) {        \
    return at::tensor(ArrayRef<T>(values), options);                          \
  }                                                                           \
  inline Tensor tensor(T value, const TensorOptions& options) {               \
    return at::tensor(ArrayRef<T>(value), options);                           \
  }                                                                           \
  inline Tensor tensor(ArrayRef<T> values) {                                  \
    return at::tensor(std::move(values), at::dtype(k##S));                    \
  }                                                                           \
  inline Tensor tensor(std::initializer_list<T> values) {                     \
    return at::tensor(ArrayRef<T>(values));                                   \
  }                                                                           \
  inline Tensor tensor(T value) {                                             \
    return at::tensor(ArrayRef<T>(value));                                    \
  }
TENSOR(uint8_t, Byte)
TENSOR(int8_t, Char)
TENSOR(int16_t, Short)
TENSOR(int, Int)
TENSOR(int64_t, Long)
TENSOR(float, Float)
TENSOR(double, Double)
TENSOR(bool, Bool)
#undef TENSOR

// ---- ATen/ops/from_blob.h ----
Tensor from_blob(
    void* data,
    IntArrayRef sizes,
    IntArrayRef strides,
    const std::function<void(void*)>& deleter,
    const TensorOptions& options = {},
    const c10::optional<Device> target_device = c10::nullopt);

Tensor from_blob(
    void* data,
    IntArrayRef sizes,
    IntArrayRef strides,
    int64_t storage_offset,
    const std::function<void(void*)>& deleter,
    const TensorOptions& options = {},
    const c10::optional<Device> target_device = c10::nullopt);

Tensor from_blob(
    void* data,
    IntArrayRef sizes,
    const std::function<void(void*)>& deleter,
    const TensorOptions& options = {});

Tensor from_blob(
    void* data,
    IntArrayRef sizes,
    IntArrayRef strides,
    const TensorOptions& options = {});

Tensor from_blob(
    void* data,
    IntArrayRef sizes,
    const TensorOptions& options = {});

// ---- hand-written part of ATen/Functions.h ----
inline int64_t numel(const Tensor& tensor) {
  return tensor.numel();
}
inline int64_t size(const Tensor& tensor, int64_t dim) {
  return tensor.size(dim);
}
inline int64_t stride(const Tensor& tensor, int64_t dim) {
  return tensor.stride(dim);
}
inline bool is_complex(const Tensor& tensor) {
  return tensor.is_complex();
}
inline bool is_floating_point(const Tensor& tensor) {
  return tensor.is_floating_point();
}
inline bool is_signed(const Tensor& tensor) {
  return tensor.is_signed();
}
inline bool is_inference(const Tensor& tensor) {
  return tensor.is_inference();
}
inline Tensor conj(const Tensor& tensor) {
  return tensor.conj();
}

// ---- operators the tests lower (checks/utils/Ops.h) ----
// The operator structs of ATen/ops/<op>_ops.h and inline wrappers that call
// them, as the real 1.13 headers write them: spellings that no check's
// matcher names, which the operator table (checks/ops/) reports.
namespace _ops {
struct TORCH_API _unique2_out {
  static constexpr const char* name = "aten::_unique2";
  static constexpr const char* overload_name = "out";
  static constexpr const char* schema_str = "_unique2.out(Tensor self, bool sorted=True, bool return_inverse=False, bool return_counts=False, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))";
  static ::std::tuple<at::Tensor &,at::Tensor &,at::Tensor &> call(const at::Tensor & self, bool sorted, bool return_inverse, bool return_counts, at::Tensor & out0, at::Tensor & out1, at::Tensor & out2);
};
struct TORCH_API bincount_out {
  static constexpr const char* name = "aten::bincount";
  static constexpr const char* overload_name = "out";
  static constexpr const char* schema_str = "bincount.out(Tensor self, Tensor? weights=None, int minlength=0, *, Tensor(a!) out) -> Tensor(a!)";
  static at::Tensor & call(const at::Tensor & self, const c10::optional<at::Tensor> & weights, int64_t minlength, at::Tensor & out);
};
struct TORCH_API one_hot {
  static constexpr const char* name = "aten::one_hot";
  static constexpr const char* overload_name = "";
  static constexpr const char* schema_str = "one_hot(Tensor self, int num_classes=-1) -> Tensor";
  static at::Tensor call(const at::Tensor & self, int64_t num_classes);
};
struct TORCH_API repeat_interleave_Tensor {
  static constexpr const char* name = "aten::repeat_interleave";
  static constexpr const char* overload_name = "Tensor";
  static constexpr const char* schema_str = "repeat_interleave.Tensor(Tensor repeats, *, int? output_size=None) -> Tensor";
  static at::Tensor call(const at::Tensor & repeats, c10::optional<int64_t> output_size);
};
struct TORCH_API _local_scalar_dense {
  static constexpr const char* name = "aten::_local_scalar_dense";
  static constexpr const char* overload_name = "";
  static constexpr const char* schema_str = "_local_scalar_dense(Tensor self) -> Scalar";
  static at::Scalar call(const at::Tensor & self);
};
struct TORCH_API is_nonzero {
  static constexpr const char* name = "aten::is_nonzero";
  static constexpr const char* overload_name = "";
  static constexpr const char* schema_str = "is_nonzero(Tensor self) -> bool";
  static bool call(const at::Tensor & self);
};
struct TORCH_API equal {
  static constexpr const char* name = "aten::equal";
  static constexpr const char* overload_name = "";
  static constexpr const char* schema_str = "equal(Tensor self, Tensor other) -> bool";
  static bool call(const at::Tensor & self, const at::Tensor & other);
};
} // namespace _ops

inline ::std::tuple<at::Tensor &,at::Tensor &,at::Tensor &> _unique2_outf(const at::Tensor & self, bool sorted, bool return_inverse, bool return_counts, at::Tensor & out0, at::Tensor & out1, at::Tensor & out2) {
    return at::_ops::_unique2_out::call(self, sorted, return_inverse, return_counts, out0, out1, out2);
}
inline at::Tensor & bincount_outf(const at::Tensor & self, const c10::optional<at::Tensor> & weights, int64_t minlength, at::Tensor & out) {
    return at::_ops::bincount_out::call(self, weights, minlength, out);
}

} // namespace at
