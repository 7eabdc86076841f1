#pragma once

#include <torch/torch.h>

#include <vector>

// One SGD step of a linear regression y ~ x w + b, in place; returns the loss.
double sgd_step(torch::Tensor w, torch::Tensor b, const torch::Tensor& x,
                const torch::Tensor& y, double lr);
// Rescales w in place so that its norm is at most max_norm.
void clip_norm_(torch::Tensor w, double max_norm);
// Mean, standard deviation and largest magnitude of x, as host numbers.
std::vector<double> batch_stats(const torch::Tensor& x);
