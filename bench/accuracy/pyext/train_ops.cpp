#include "train_ops.h"

double sgd_step(torch::Tensor w, torch::Tensor b, const torch::Tensor& x,
                const torch::Tensor& y, double lr) {
  torch::NoGradGuard no_grad;
  auto err = x.matmul(w) + b - y;
  auto loss = err.pow(2).mean();
  auto grad_w = x.t().matmul(err).mul_(2.0 / static_cast<double>(x.size(0)));
  auto grad_b = err.mean(0).mul_(2.0);
  w.sub_(grad_w, lr);
  b.sub_(grad_b, lr);
  return loss.item<double>();
}

void clip_norm_(torch::Tensor w, double max_norm) {
  torch::NoGradGuard no_grad;
  auto norm = w.norm();
  if (norm.item<double>() > max_norm)
    w.mul_(max_norm / (norm + 1e-6));
}

std::vector<double> batch_stats(const torch::Tensor& x) {
  auto stats = torch::stack({x.mean(), x.std(), x.abs().max()}).to(torch::kDouble).cpu();
  auto a = stats.accessor<double, 1>();
  return {a[0], a[1], a[2]};
}
