#include <torch/torch.h>
float step(torch::Tensor x) { return x.sum().item<float>(); }
