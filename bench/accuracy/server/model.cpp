#include "model.h"

ScorerImpl::ScorerImpl(int64_t in, int64_t hidden, int64_t classes) {
  encode = register_module("encode", torch::nn::Linear(in, hidden));
  head = register_module("head", torch::nn::Linear(hidden, classes));
}

torch::Tensor ScorerImpl::forward(const torch::Tensor& inputs, const torch::Tensor& lengths) {
  auto h = torch::relu(encode(inputs));
  auto rows = torch::arange(inputs.size(1), lengths.options());
  auto valid = (rows.unsqueeze(0) < lengths.unsqueeze(1)).unsqueeze(-1);
  auto pooled = h.masked_fill(valid.logical_not(), -1e4).amax(1);
  return head(pooled);
}
