#pragma once
#include <torch/torch.h>

float step_impl(const torch::Tensor &x);
