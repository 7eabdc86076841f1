#pragma once

#include <torch/torch.h>

// Sequence helpers shared by the model's layers.
torch::Tensor padding_mask(const torch::Tensor& lengths);
torch::Tensor masked_mean(const torch::Tensor& h, const torch::Tensor& mask);
torch::Tensor valid_tokens(const torch::Tensor& h, const torch::Tensor& mask);
torch::Tensor stable_normalize(torch::Tensor x);
