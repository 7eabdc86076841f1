#include "preprocess.h"

torch::Tensor clean_rows(const torch::Tensor& x) {
  auto keep = torch::isnan(x).any(1).logical_not();
  auto rows = x.index({keep});
  return (rows - rows.mean(0)) / rows.std(0).clamp_min(1e-6);
}

double accuracy(const torch::Tensor& logits, const torch::Tensor& labels) {
  return logits.argmax(1).eq(labels).to(torch::kDouble).mean().item<double>();
}

bool converged(const torch::Tensor& previous, const torch::Tensor& current, double tol) {
  return (previous - current).abs().item<double>() < tol;
}
