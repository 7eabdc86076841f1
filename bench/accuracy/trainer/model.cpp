#include "model.h"

ClassifierImpl::ClassifierImpl(int64_t in, int64_t hidden, int64_t classes) {
  fc1 = register_module("fc1", torch::nn::Linear(in, hidden));
  norm = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({hidden})));
  fc2 = register_module("fc2", torch::nn::Linear(hidden, hidden));
  out = register_module("out", torch::nn::Linear(hidden, classes));
}

torch::Tensor ClassifierImpl::forward(torch::Tensor x) {
  x = torch::gelu(norm(fc1(x)));
  x = torch::gelu(fc2(x)) + x;
  return out(x);
}
