#include "impl.h"

float step_impl(const torch::Tensor &x) { return x.abs().sum().item<float>(); }
