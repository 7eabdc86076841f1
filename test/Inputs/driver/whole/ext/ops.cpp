#include "ops.h"
// Registered in bindings.cpp: hot, and its tensors come from Python.
double sgd_step(torch::Tensor w, const torch::Tensor &x) {
  auto loss = x.matmul(w).pow(2).mean();
  return loss.item<double>();
}
// Called by a registered function: hot through it.
static double helper(const torch::Tensor &w) { return w.sum().item<double>(); }
double norm_of(const torch::Tensor &w) { return helper(w); }
// Not registered, no caller in a loop: not hot.
double unregistered(const torch::Tensor &w) { return w.max().item<double>(); }
// Registered as an operator in library.cpp.
torch::Tensor scale_op(const torch::Tensor &x) {
  if (x.max().item<float>() > 1)
    return x / 2;
  return x;
}
