#include "model.h"

#include "ops.h"

SequenceModelImpl::SequenceModelImpl(int64_t vocab, int64_t dim, int64_t classes) {
  embed = register_module("embed", torch::nn::Embedding(vocab, dim));
  mix = register_module("mix", torch::nn::Linear(dim, dim));
  head = register_module("head", torch::nn::Linear(dim, classes));
  aux = register_module("aux", torch::nn::Linear(dim, 1));
}

Output SequenceModelImpl::forward(const torch::Tensor& tokens, const torch::Tensor& lengths) {
  auto mask = padding_mask(lengths);
  auto h = embed(tokens.narrow(1, 0, mask.size(1)));
  h = torch::tanh(mix(h));
  auto pooled = stable_normalize(masked_mean(h, mask));
  auto tokens_out = aux(valid_tokens(h, mask)).squeeze(-1);
  return {head(pooled), tokens_out};
}
