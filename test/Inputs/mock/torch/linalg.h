#pragma once
// torchsync mock of torch/csrc/api/include/torch/linalg.h (1.13), reduced:
// public torch::linalg wrappers (they forward to the at::linalg_* ops).
#include <ATen/ATen.h>
#include <torch/types.h>
#include <c10/util/Optional.h>
#include <c10/util/string_view.h>

#include <cstdint>
#include <string>
#include <tuple>

namespace torch {
namespace linalg {

Tensor cholesky(const Tensor& self);
Tensor det(const Tensor& self);
std::tuple<Tensor, Tensor> slogdet(const Tensor& input);
std::tuple<Tensor, Tensor> eig(const Tensor& self);
Tensor eigvals(const Tensor& self);
std::tuple<Tensor, Tensor> eigh(const Tensor& self, c10::string_view uplo);
Tensor eigvalsh(const Tensor& self, c10::string_view uplo);
std::tuple<Tensor, Tensor, Tensor, Tensor> lstsq(
    const Tensor& self,
    const Tensor& b,
    c10::optional<double> cond,
    c10::optional<c10::string_view> driver);
Tensor matrix_exp(const Tensor& input);
std::tuple<Tensor, Tensor> lu_factor(const Tensor& input, const bool pivot = true);
std::tuple<Tensor, Tensor, Tensor> lu(const Tensor& input, const bool pivot = true);
Tensor norm(
    const Tensor& self,
    const optional<Scalar>& opt_ord,
    OptionalIntArrayRef opt_dim,
    bool keepdim,
    optional<ScalarType> opt_dtype);
Tensor norm(
    const Tensor& self,
    std::string ord,
    OptionalIntArrayRef opt_dim,
    bool keepdim,
    optional<ScalarType> opt_dtype);
Tensor vector_norm(
    const Tensor& self,
    Scalar ord,
    OptionalIntArrayRef opt_dim,
    bool keepdim,
    optional<ScalarType> opt_dtype);
Tensor matrix_power(const Tensor& self, int64_t n);
Tensor matrix_rank(const Tensor& input, double tol, bool hermitian);
Tensor matrix_rank(const Tensor& input, const Tensor& tol, bool hermitian);
Tensor pinv(const Tensor& input, double rcond = 1e-15, bool hermitian = false);
std::tuple<Tensor, Tensor> qr(const Tensor& input, c10::string_view mode = "reduced");
std::tuple<Tensor, Tensor> solve_ex(
    const Tensor& input,
    const Tensor& other,
    bool left,
    bool check_errors);
Tensor solve(const Tensor& input, const Tensor& other, bool left);
std::tuple<Tensor, Tensor, Tensor> svd(
    const Tensor& input,
    bool full_matrices,
    c10::optional<c10::string_view> driver);
Tensor svdvals(const Tensor& input, c10::optional<c10::string_view> driver);
Tensor tensorinv(const Tensor& self, int64_t ind);
Tensor inv(const Tensor& input);

} // namespace linalg
} // namespace torch
