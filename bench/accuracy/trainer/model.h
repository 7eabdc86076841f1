#pragma once

#include <torch/torch.h>

#include <cstdint>

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl(int64_t in, int64_t hidden, int64_t classes);
  torch::Tensor forward(torch::Tensor x);

  torch::nn::Linear fc1{nullptr}, fc2{nullptr}, out{nullptr};
  torch::nn::LayerNorm norm{nullptr};
};
TORCH_MODULE(Classifier);
