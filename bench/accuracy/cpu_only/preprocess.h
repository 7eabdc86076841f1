#pragma once

#include <torch/torch.h>

// Drops rows containing NaN and standardizes the columns.
torch::Tensor clean_rows(const torch::Tensor& x);
// Fraction of predictions equal to the labels.
double accuracy(const torch::Tensor& logits, const torch::Tensor& labels);
// Whether the loss stopped improving by more than tol.
bool converged(const torch::Tensor& previous, const torch::Tensor& current, double tol);
