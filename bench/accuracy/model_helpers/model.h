#pragma once

#include <torch/torch.h>

#include <cstdint>

struct Output {
  torch::Tensor logits;     // [batch, classes]
  torch::Tensor token_aux;  // [tokens]
};

struct SequenceModelImpl : torch::nn::Module {
  SequenceModelImpl(int64_t vocab, int64_t dim, int64_t classes);
  Output forward(const torch::Tensor& tokens, const torch::Tensor& lengths);

  torch::nn::Embedding embed{nullptr};
  torch::nn::Linear mix{nullptr}, head{nullptr}, aux{nullptr};
};
TORCH_MODULE(SequenceModel);
